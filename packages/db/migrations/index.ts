import type { Migration } from 'kysely';

import * as m0001 from './2026_11_21_0001_create_core_tables';
import * as m0002 from './2026_11_21_0002_index_sessions_user';
import * as m0003 from './2026_11_23_0001_harden_authentication';
import * as m0004 from './2026_11_23_0002_rides_stop_price';
import * as m0005 from './2026_11_23_0004_cancel_rides';
import * as m0006 from './2026_11_23_0005_live_updates';
import * as m0007 from './2026_11_23_0006_ride_waitlist';
import * as m0008 from './2026_11_23_0007_calendar';
import * as m0009 from './2026_11_23_0008_waitlist_list_version';
import * as m0101 from './2026_11_25_0101_vendor_approval';
import * as m0301 from './2026_11_25_0301_action_limits_and_user_events';
import * as m0401 from './2026_11_25_0401_hash_session_ids';
import * as m0402 from './2026_11_25_0402_account_notifications';
import * as m0501 from './2026_11_25_0501_contacts_and_stop_coordinates';
import * as m0601 from './2026_11_25_0601_ride_quotes';
import * as m0701 from './2026_11_25_0701_rides_version_notify';
import * as m0801 from './2026_11_25_0801_border_checklist';
import * as m270101 from './2026_11_27_0101_payments';
import * as m270201 from './2026_11_27_0201_ride_alerts';
import * as m270301 from './2026_11_27_0301_ride_series';
import * as m270401 from './2026_11_27_0401_push';
import * as m280001 from './2026_11_28_0001_quiet_notifications';
import * as m280101 from './2026_11_28_0101_ride_leaves';
import * as m280201 from './2026_11_28_0201_payment_refunds_and_leavers';
import * as m280301 from './2026_11_28_0301_ride_messages';
import * as m280401 from './2026_11_28_0401_vendor_application_notice';
import * as m280501 from './2026_11_28_0501_trip_day';
import * as m280601 from './2026_11_28_0601_member_record';
import * as m1207_0101 from './2026_12_07_0101_payment_ledger';
import * as m1207_0151 from './2026_12_07_0151_payment_mark_notices';
import * as m1207_0201 from './2026_12_07_0201_fair_trip_record';
import * as m1207_0251 from './2026_12_07_0251_message_reports_once';
import * as m1207_0252 from './2026_12_07_0252_notification_about';
import * as m1207_0301 from './2026_12_07_0301_discord_sign_in';
import * as m1207_0401 from './2026_12_07_0401_discord_announcements';
import * as m1207_0501 from './2026_12_07_0501_route_order_notices';
import * as m1207_0601 from './2026_12_07_0601_ride_search';
import * as m1207_0801 from './2026_12_07_0801_ride_join_price';

/**
 * Every migration, keyed by name, imported statically so the bundled production server carries them
 * (a folder scan would not survive bundling). Names sort in the order they apply. Never edit a
 * migration after it lands: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_create_core_tables': m0001,
  '2026_11_21_0002_index_sessions_user': m0002,
  '2026_11_23_0001_harden_authentication': m0003,
  '2026_11_23_0002_rides_stop_price': m0004,
  '2026_11_23_0004_cancel_rides': m0005,
  '2026_11_23_0005_live_updates': m0006,
  '2026_11_23_0006_ride_waitlist': m0007,
  '2026_11_23_0007_calendar': m0008,
  '2026_11_23_0008_waitlist_list_version': m0009,
  '2026_11_25_0101_vendor_approval': m0101,
  '2026_11_25_0301_action_limits_and_user_events': m0301,
  '2026_11_25_0401_hash_session_ids': m0401,
  '2026_11_25_0402_account_notifications': m0402,
  '2026_11_25_0501_contacts_and_stop_coordinates': m0501,
  '2026_11_25_0601_ride_quotes': m0601,
  '2026_11_25_0701_rides_version_notify': m0701,
  '2026_11_25_0801_border_checklist': m0801,
  '2026_11_27_0101_payments': m270101,
  '2026_11_27_0201_ride_alerts': m270201,
  '2026_11_27_0301_ride_series': m270301,
  '2026_11_27_0401_push': m270401,
  '2026_11_28_0001_quiet_notifications': m280001,
  '2026_11_28_0101_ride_leaves': m280101,
  '2026_11_28_0201_payment_refunds_and_leavers': m280201,
  '2026_11_28_0301_ride_messages': m280301,
  '2026_11_28_0401_vendor_application_notice': m280401,
  '2026_11_28_0501_trip_day': m280501,
  '2026_11_28_0601_member_record': m280601,
  '2026_12_07_0101_payment_ledger': m1207_0101,
  '2026_12_07_0151_payment_mark_notices': m1207_0151,
  '2026_12_07_0201_fair_trip_record': m1207_0201,
  '2026_12_07_0251_message_reports_once': m1207_0251,
  '2026_12_07_0252_notification_about': m1207_0252,
  '2026_12_07_0301_discord_sign_in': m1207_0301,
  '2026_12_07_0401_discord_announcements': m1207_0401,
  '2026_12_07_0501_route_order_notices': m1207_0501,
  '2026_12_07_0601_ride_search': m1207_0601,
  '2026_12_07_0801_ride_join_price': m1207_0801,
};
