/** Physical names of the tables crudboard itself owns. */
export const META = {
  table: 'cb_meta_table',
  column: 'cb_meta_column',
  index: 'cb_meta_index',
  indexLine: 'cb_meta_index_line',
  sequence: 'cb_meta_sequence',
  relation: 'cb_meta_relation',
} as const;

/** System tables, in `primary` only; keys are their API names. */
export const SYSTEM = {
  user: 'cb_user',
  role: 'cb_role',
  userRole: 'cb_user_role',
  config: 'cb_config',
  menu: 'cb_menu',
  session: 'cb_session',
  tableFormBuilder: 'cb_table_form_builder',
  columnExtProperty: 'cb_column_ext_property',
  tablePermission: 'cb_table_permission',
  sqlQuery: 'cb_sql_query',
  file: 'cb_file',
  module: 'cb_module',
  moduleLine: 'cb_module_line',
  /** What an administrator subscribes to and where it goes (services/webhooks/). */
  webhook: 'cb_webhook',
  /** The webhooks' outbox and delivery log: one row per webhook and event. */
  webhookDelivery: 'cb_webhook_delivery',
  /** Routine work on a cron schedule (services/schedules/). */
  schedule: 'cb_schedule',
  /** One row per schedule and tick handled: its unique key lets one server run each tick. */
  scheduleRun: 'cb_schedule_run',
  /** A trigger and a short list of steps (services/flows/). */
  flow: 'cb_flow',
  /** One row per run of a flow: an event's run waits here (an outbox) until a server runs it. */
  flowRun: 'cb_flow_run',
} as const;

/**
 * State servers share through `primary` rather than keep in memory (so that every server behind a
 * load balancer agrees); not described by metadata, never served by the business API.
 */
export const SHARED_STATE = {
  loginThrottle: 'cb_login_throttle',
  download: 'cb_download',
  /** The secret of the database lock keys (database-lock.ts): read by no console. */
  lockKey: 'cb_lock_key',
  schemaJournal: 'cb_schema_journal',
  /** Record history: one row per record a committed write changed (services/history/). */
  revision: 'cb_revision',
  /** The audit log: who did what beyond records (services/audit/); append-only. */
  audit: 'cb_audit',
  /** Personal API tokens: their SHA-256 hashes, never the tokens (services/api-token-store.ts). */
  apiToken: 'cb_api_token',
  /** Which user an identity provider's subject is (auth/external/provision-external-user.ts). */
  userIdentity: 'cb_user_identity',
  /** Single sign-on attempts under way: state, nonce and PKCE verifier (services/sso-state-store.ts). */
  ssoState: 'cb_sso_state',
  /**
   * The answers of creates sent with an `Idempotency-Key`, kept 24 hours so that a retry gets the
   * same answer (services/idempotency/).
   */
  idempotencyKey: 'cb_idempotency_key',
} as const;

export const MIGRATION_TABLES = {
  metadata: 'cb_migrations',
  system: 'cb_system_migrations',
} as const;
