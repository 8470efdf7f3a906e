import { ConfigError, loadConfig, type AppConfig } from './config';

/** The configuration from the environment; a bad setting is printed and the process exits 1. */
export const loadConfigOrExit = (): AppConfig => {
  try {
    return loadConfig(process.env, process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`crudboard: invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
};
