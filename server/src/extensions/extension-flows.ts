/**
 * What extensions add to flows: step kinds (`flowSteps`), run as a flow's step with the step's
 * object, and triggers (`flowTriggers`), which an extension fires with `startFlows`. Both are known
 * by their full name `<extension>:<name>`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { DataSourceRegistry } from '../plugins/db';
import type { ServerExtension } from './define-server-extension';

/** What an extension's step gets when a flow runs it. */
export interface FlowStepContext {
  /** The step's object as saved, its values filled (`$now`, `$user`, `{{field}}`). */
  step: Record<string, unknown>;
  flowId: number;
  runId: number;
  dataSource: string;
  /** The flow's table and record (its key as the API writes it), when the run has one. */
  table: string | null;
  key: string | null;
  record: Record<string, unknown> | null;
  /** Whom the run acts as: the flow's owner, or the user who pressed its button. */
  user: { id: number; username: string } | null;
  primary: Knex;
  dataSources: DataSourceRegistry;
  log: FastifyBaseLogger;
}

/** A step kind an extension adds (`{"kind": "<extension>:<kind>", ...}` in a flow's steps). */
export interface ExtensionFlowStep {
  /** A letter, then letters, digits or dashes (at most 40). */
  kind: string;
  label: { 'zh-CN': string; 'en-US': string };
  /** Does the step; the text it returns (if any) is logged with the run. Throwing fails the step. */
  run(context: FlowStepContext): Promise<string | void>;
}

/** A trigger an extension adds: flows name it `<extension>:<name>`, and `startFlows` fires it. */
export interface ExtensionFlowTrigger {
  name: string;
  label: { 'zh-CN': string; 'en-US': string };
}

const NAME = /^[a-z][a-zA-Z0-9-]{0,39}$/;

const assertNamed = (extension: string, what: string, name: string, label: ExtensionFlowTrigger['label']) => {
  if (typeof name !== 'string' || !NAME.test(name))
    throw new Error(
      `server extension "${extension}": flow ${what} "${String(name)}": use a letter, then up to 39 letters, digits or dashes`,
    );
  if (!label?.['zh-CN']?.trim() || !label['en-US']?.trim())
    throw new Error(`server extension "${extension}": flow ${what} ${name} needs a zh-CN and an en-US label`);
};

/** The extensions' step kinds by full name; a bad or repeated name fails at start. */
export const flowStepKinds = (
  extensions: readonly ServerExtension[],
): ReadonlyMap<string, ExtensionFlowStep> => {
  const kinds = new Map<string, ExtensionFlowStep>();
  for (const extension of extensions) {
    for (const step of extension.flowSteps ?? []) {
      assertNamed(extension.name, 'step', step.kind, step.label);
      const full = `${extension.name}:${step.kind}`;
      if (kinds.has(full))
        throw new Error(`server extension "${extension.name}": two flow steps are named "${step.kind}"`);
      kinds.set(full, step);
    }
  }
  return kinds;
};

/** The extensions' triggers by full name; a bad or repeated name fails at start. */
export const flowTriggers = (
  extensions: readonly ServerExtension[],
): ReadonlyMap<string, ExtensionFlowTrigger> => {
  const triggers = new Map<string, ExtensionFlowTrigger>();
  for (const extension of extensions) {
    for (const trigger of extension.flowTriggers ?? []) {
      assertNamed(extension.name, 'trigger', trigger.name, trigger.label);
      const full = `${extension.name}:${trigger.name}`;
      if (triggers.has(full))
        throw new Error(
          `server extension "${extension.name}": two flow triggers are named "${trigger.name}"`,
        );
      triggers.set(full, trigger);
    }
  }
  return triggers;
};
