import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_payment_flow";
import * as m0003 from "./0003_config_change_notify";
import * as m0004 from "./0004_expiry_job_at";
import * as m0005 from "./0005_superseded_attempts";
import * as m0006 from "./0006_operations";
import * as m0007 from "./0007_idempotent_answer_text";
import * as m0008 from "./0008_saved_cards_and_agreements";
import * as m0009 from "./0009_admin_panel";
import * as m0010 from "./0010_settings_panel";
import * as m0011 from "./0011_gateways_panel";
import * as m0012 from "./0012_people_panel";
import * as m0013 from "./0013_transaction_list_indexes";
import * as m0014 from "./0014_transaction_detail";
import * as m0015 from "./0015_legacy_interface";
import * as m0016 from "./0016_sandbox_udf6";
import * as m0017 from "./0017_admin_sessions_valid_after";
import * as m0018 from "./0018_legacy_bulk_lines";
import * as m0021 from "./0021_pending_attempts_sweep";
import * as m0022 from "./0022_message_send_started";
import * as m0023 from "./0023_job_pool_heartbeats";
import * as m0025 from "./0025_agreement_cycles";
import * as m0026 from "./0026_admin_session_version";
import * as m0028 from "./0028_payment_deadline";
import * as m0029 from "./0029_payment_links";
import * as m0030 from "./0030_create_surface_fields";
import * as m0031 from "./0031_sandbox_decline_code";
import * as m0033 from "./0033_find_anything";
import * as m0034 from "./0034_webhook_attempt_details";
import * as m0035 from "./0035_pending_webhooks";
import * as m0036 from "./0036_public_api_keys";
import * as m0037 from "./0037_embedded_attempts";
import * as m0038 from "./0038_gateway_priority";
import * as m0039 from "./0039_operation_extra_objects";
import * as m0040 from "./0040_audit_log_by_time";
import * as m0041 from "./0041_unlocked_shared_rows";
import * as m0042 from "./0042_searches_skip_nulls";
import * as m0043 from "./0043_search_statistics";

// Every numbered migration, in order. A test checks this list against the files in this folder.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_payment_flow": m0002,
  "0003_config_change_notify": m0003,
  "0004_expiry_job_at": m0004,
  "0005_superseded_attempts": m0005,
  "0006_operations": m0006,
  "0007_idempotent_answer_text": m0007,
  "0008_saved_cards_and_agreements": m0008,
  "0009_admin_panel": m0009,
  "0010_settings_panel": m0010,
  "0011_gateways_panel": m0011,
  "0012_people_panel": m0012,
  "0013_transaction_list_indexes": m0013,
  "0014_transaction_detail": m0014,
  "0015_legacy_interface": m0015,
  "0016_sandbox_udf6": m0016,
  "0017_admin_sessions_valid_after": m0017,
  "0018_legacy_bulk_lines": m0018,
  "0021_pending_attempts_sweep": m0021,
  "0022_message_send_started": m0022,
  "0023_job_pool_heartbeats": m0023,
  "0025_agreement_cycles": m0025,
  "0026_admin_session_version": m0026,
  "0028_payment_deadline": m0028,
  "0029_payment_links": m0029,
  "0030_create_surface_fields": m0030,
  "0031_sandbox_decline_code": m0031,
  "0033_find_anything": m0033,
  "0034_webhook_attempt_details": m0034,
  "0035_pending_webhooks": m0035,
  "0036_public_api_keys": m0036,
  "0037_embedded_attempts": m0037,
  "0038_gateway_priority": m0038,
  "0039_operation_extra_objects": m0039,
  "0040_audit_log_by_time": m0040,
  "0041_unlocked_shared_rows": m0041,
  "0042_searches_skip_nulls": m0042,
  "0043_search_statistics": m0043,
};
