export { bellLabel, NotificationBell, useUnreadCount } from './notification-bell';
export { notificationPath, notificationSentence } from './notification-text';
export { useMarkRead } from './use-mark-read';
