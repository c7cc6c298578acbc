/** Catalogue of activity-log event types (spec 03 §2): ~60 entries over six modules. */
export interface EventType {
  code: number;
  value: string;
  objectTypeName: string;
  moduleName: string;
}

const CATALOGUE: Record<string, Record<string, string[]>> = {
  Content: {
    Document: ['Document Created', 'Document Updated', 'Document Deleted', 'Document Viewed', 'Document Published', 'Document Archived'],
    Folder: ['Folder Created', 'Folder Renamed', 'Folder Deleted', 'Folder Moved'],
    Comment: ['Comment Added', 'Comment Deleted'],
  },
  Users: {
    User: ['User Created', 'User Updated', 'User Deactivated', 'User Reactivated', 'User Deleted', 'Password Reset'],
    Group: ['Group Created', 'Group Deleted', 'Member Added To Group', 'Member Removed From Group'],
    Session: ['User Logged In', 'User Logged Out', 'Login Failed'],
  },
  Workflow: {
    Task: ['Task Assigned', 'Task Completed', 'Task Reassigned', 'Task Overdue'],
    Process: ['Process Started', 'Process Completed', 'Process Cancelled', 'Process Step Failed'],
  },
  Reports: {
    Report: ['Report Generated', 'Report Scheduled', 'Report Exported', 'Report Shared', 'Report Deleted'],
    Dashboard: ['Dashboard Created', 'Dashboard Updated', 'Dashboard Viewed'],
  },
  Security: {
    Role: ['Role Created', 'Role Updated', 'Role Deleted', 'Role Assigned'],
    Permission: ['Permission Granted', 'Permission Revoked'],
    'API Key': ['API Key Created', 'API Key Revoked', 'API Key Rotated'],
  },
  Integrations: {
    Connector: ['Connector Configured', 'Connector Enabled', 'Connector Disabled', 'Connector Sync Failed'],
    Webhook: ['Webhook Registered', 'Webhook Delivery Failed', 'Webhook Removed'],
  },
};

export const EVENT_TYPES: readonly EventType[] = Object.entries(CATALOGUE).flatMap(([moduleName, objs], mi) => {
  let n = 0;
  return Object.entries(objs).flatMap(([objectTypeName, values]) =>
    values.map((value) => ({ code: (mi + 1) * 1000 + ++n, value, objectTypeName, moduleName })),
  );
});

export const MODULES: readonly string[] = Object.keys(CATALOGUE);
