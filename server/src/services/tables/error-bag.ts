import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';

/** Collects field errors (`columns.3.name` → message); the first message per field wins. */
export class ErrorBag {
  readonly errors: Record<string, Localized> = {};

  add(field: string, message: Localized): void {
    if (!(field in this.errors)) this.errors[field] = message;
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** 400 VALIDATION_ERROR with the collected errors, if there are any. */
  throwIfAny(): void {
    if (!this.empty) throw new ApiException('VALIDATION_ERROR', undefined, this.errors);
  }
}
