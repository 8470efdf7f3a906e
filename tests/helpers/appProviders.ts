import { appClient } from '../../src/providers/app-client';
import { staticResources } from '../../src/resources/staticResources';

/**
 * The app's own data providers (over the http client the test fakes, which throws on unexpected
 * calls), access control and metadata resources: pages that read through Refine render with these.
 */
export const appProviders = {
  dataProvider: appClient().dataProviders,
  accessControlProvider: appClient().accessControlProvider,
  resources: staticResources,
};
