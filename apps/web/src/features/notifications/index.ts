export { bellLabel, NotificationBell, useUnreadCount } from './notification-bell';
export { notificationSentence, type NotificationItem } from './notification-text';
export { useMarkRead } from './use-mark-read';
