import { useCan } from '@refinedev/core';

/** The resource the access-control provider answers schedule management for (`schedule:manage`). */
export const SCHEDULE_RESOURCE = { name: 'schedules', meta: { kind: 'schedule' } } as const;

/**
 * Whether the signed-in user may manage schedules (`schedule:manage`, or super admin) as the
 * access-control provider answers; `undefined` while the answer is on its way. Reading the schedule
 * tables (which `business:*:read` allows too) is not enough.
 */
export const useScheduleAccess = (): boolean | undefined => {
  const { data } = useCan({
    resource: SCHEDULE_RESOURCE.name,
    action: 'list',
    params: { resource: SCHEDULE_RESOURCE },
  });
  return data?.can;
};
