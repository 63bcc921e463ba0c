export { bellLabel, NotificationBell, useUnreadCount } from './notification-bell';
export { notificationPath, notificationSentence, type NotificationItem } from './notification-text';
export { useMarkRead } from './use-mark-read';
