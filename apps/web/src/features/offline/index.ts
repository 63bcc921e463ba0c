export { OfflineNotice, useKeptCopyTime } from './offline-notice';
export { forgetThisDevice, forgetKeptRide, startServiceWorker } from './service-worker';
export { useKeptRide } from './use-kept-ride';
