export { OfflineNotice } from './offline-notice';
export { forgetKeptReads, forgetKeptRide, startServiceWorker } from './service-worker';
export { useKeptRide } from './use-kept-ride';
