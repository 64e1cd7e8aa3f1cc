import Storage
import Webhooks

/// The `ledger` schema, step by step; every table is prefixed `ledger_`, so one PostgreSQL database can hold the
/// orders tables too. Money columns are integer minor units of the row's currency.
enum LedgerMigrations {
    static let all: [Migration] = [
        IdempotencyRecords.migration,
        Migration(
            "001-accounts",
            [
                """
                CREATE TABLE ledger_users (
                    id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL,
                    password_hash TEXT NOT NULL, created_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE ledger_sessions (
                    token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES ledger_users (id),
                    created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, revoked_at BIGINT)
                """,
                "CREATE INDEX ledger_sessions_user ON ledger_sessions (user_id)",
                """
                CREATE TABLE ledger_login_failures (
                    username TEXT PRIMARY KEY, window_start BIGINT NOT NULL, failures BIGINT NOT NULL)
                """,
            ]
        ),
        Migration(
            "002-households",
            [
                """
                CREATE TABLE ledger_households (
                    id TEXT PRIMARY KEY, name TEXT NOT NULL, currency TEXT NOT NULL, created_by TEXT NOT NULL,
                    created_at BIGINT NOT NULL, activity_seq BIGINT NOT NULL)
                """,
                """
                CREATE TABLE ledger_members (
                    household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    user_id TEXT NOT NULL REFERENCES ledger_users (id), role TEXT NOT NULL,
                    joined_at BIGINT NOT NULL, left_at BIGINT, PRIMARY KEY (household_id, user_id))
                """,
                "CREATE INDEX ledger_members_user ON ledger_members (user_id)",
                """
                CREATE TABLE ledger_requests (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    requested_by TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL,
                    created_at BIGINT NOT NULL, decided_at BIGINT)
                """,
                """
                CREATE UNIQUE INDEX ledger_requests_pending ON ledger_requests (household_id, user_id)
                WHERE status = 'pending'
                """,
                "CREATE INDEX ledger_requests_user ON ledger_requests (user_id, status)",
            ]
        ),
        Migration(
            "003-bills-payments",
            [
                """
                CREATE TABLE ledger_recurring (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    template TEXT NOT NULL, frequency TEXT NOT NULL, step BIGINT NOT NULL, start_date TEXT NOT NULL,
                    end_date TEXT, state TEXT NOT NULL, last_date TEXT, resume_after TEXT,
                    created_by TEXT NOT NULL, created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX ledger_recurring_state ON ledger_recurring (state)",
                """
                CREATE TABLE ledger_bills (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    description TEXT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL, date TEXT NOT NULL,
                    category TEXT, split TEXT NOT NULL, version BIGINT NOT NULL, created_by TEXT NOT NULL,
                    created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, deleted_at BIGINT,
                    recurring_id TEXT, occurrence TEXT, UNIQUE (recurring_id, occurrence))
                """,
                // Partial, so "live bills of a household, newest first" walks the index backwards on both engines
                // (PostgreSQL cannot order by columns after an `IS NULL` one).
                "CREATE INDEX ledger_bills_live ON ledger_bills (household_id, date, id) WHERE deleted_at IS NULL",
                """
                CREATE TABLE ledger_bill_parts (
                    bill_id TEXT NOT NULL REFERENCES ledger_bills (id), user_id TEXT NOT NULL,
                    paid BIGINT NOT NULL, share BIGINT NOT NULL, PRIMARY KEY (bill_id, user_id))
                """,
                """
                CREATE TABLE ledger_payments (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    from_user TEXT NOT NULL, to_user TEXT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL,
                    date TEXT NOT NULL, note TEXT, version BIGINT NOT NULL, created_by TEXT NOT NULL,
                    created_at BIGINT NOT NULL, deleted_at BIGINT)
                """,
                "CREATE INDEX ledger_payments_live ON ledger_payments (household_id, date, id) WHERE deleted_at IS NULL",
                """
                CREATE TABLE ledger_balances (
                    household_id TEXT NOT NULL, currency TEXT NOT NULL, user_id TEXT NOT NULL,
                    paid BIGINT NOT NULL, share BIGINT NOT NULL, sent BIGINT NOT NULL, received BIGINT NOT NULL,
                    PRIMARY KEY (household_id, currency, user_id))
                """,
                """
                CREATE TABLE ledger_debts (
                    household_id TEXT NOT NULL, currency TEXT NOT NULL, debtor TEXT NOT NULL, creditor TEXT NOT NULL,
                    amount BIGINT NOT NULL, PRIMARY KEY (household_id, currency, debtor, creditor))
                """,
                """
                CREATE TABLE ledger_activity (
                    household_id TEXT NOT NULL REFERENCES ledger_households (id), seq BIGINT NOT NULL,
                    user_id TEXT NOT NULL, action TEXT NOT NULL, entity TEXT NOT NULL, entity_id TEXT NOT NULL,
                    before_json TEXT, after_json TEXT, at BIGINT NOT NULL, PRIMARY KEY (household_id, seq))
                """,
            ]
        ),
        Migration(
            "004-shopping-inventory",
            [
                // Quantities are canonical decimal text (at most 6 fraction digits); name_key is the name folded
                // for merging (lower case, single spaces).
                """
                CREATE TABLE ledger_shopping (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    name TEXT NOT NULL, name_key TEXT NOT NULL, quantity TEXT NOT NULL, unit TEXT NOT NULL, note TEXT,
                    added_by TEXT NOT NULL, version BIGINT NOT NULL, created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX ledger_shopping_household ON ledger_shopping (household_id, name_key)",
                """
                CREATE TABLE ledger_inventory (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    name TEXT NOT NULL, name_key TEXT NOT NULL, quantity TEXT NOT NULL, unit TEXT NOT NULL,
                    location TEXT, best_before TEXT, restock BIGINT NOT NULL, restock_quantity TEXT,
                    version BIGINT NOT NULL, created_by TEXT NOT NULL, created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX ledger_inventory_household ON ledger_inventory (household_id, name_key)",
                "CREATE INDEX ledger_inventory_due ON ledger_inventory (household_id, best_before)",
            ]
        ),
        Migration(
            "005-calendar",
            [
                // Times are wall-clock text (`2026-03-08T09:00:00`, or a day when all-day) read in `time_zone` (an
                // IANA name or a fixed offset); repeats are expanded when read.
                """
                CREATE TABLE ledger_events (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    title TEXT NOT NULL, start_local TEXT NOT NULL, end_local TEXT NOT NULL, all_day BIGINT NOT NULL,
                    time_zone TEXT, location TEXT, repeat_frequency TEXT, repeat_interval BIGINT, repeat_until TEXT,
                    repeat_count BIGINT, version BIGINT NOT NULL, created_by TEXT NOT NULL, created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL, deleted_at BIGINT)
                """,
                "CREATE INDEX ledger_events_live ON ledger_events (household_id, start_local, id) WHERE deleted_at IS NULL",
            ]
        ),
        Migration(
            "006-profile-records",
            [
                """
                CREATE TABLE ledger_profiles (
                    user_id TEXT PRIMARY KEY REFERENCES ledger_users (id), income BIGINT, province TEXT,
                    marital_status TEXT, updated_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE ledger_records (
                    id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES ledger_users (id), title TEXT NOT NULL,
                    op TEXT NOT NULL, args_json TEXT NOT NULL, result_json TEXT NOT NULL,
                    computed_at BIGINT NOT NULL, created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX ledger_records_user ON ledger_records (user_id, created_at)",
            ]
        ),
        Migration(
            "007-rounding",
            [
                // Rounding that never drifts (ErrorDiffusion): what each part of a bill added to its member's
                // residue (share minus exact share, in ExactShares.scale units of a minor unit), the household's
                // residues per currency (one row, its version guarding concurrent writers), the part of a member's
                // share moved by rounding transfers, and the transfers themselves.
                "ALTER TABLE ledger_bill_parts ADD COLUMN residue BIGINT NOT NULL DEFAULT 0",
                "ALTER TABLE ledger_balances ADD COLUMN rounding BIGINT NOT NULL DEFAULT 0",
                """
                CREATE TABLE ledger_rounding (
                    household_id TEXT NOT NULL REFERENCES ledger_households (id), currency TEXT NOT NULL,
                    version BIGINT NOT NULL, residues TEXT NOT NULL, PRIMARY KEY (household_id, currency))
                """,
                """
                CREATE TABLE ledger_rounding_transfers (
                    id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES ledger_households (id),
                    currency TEXT NOT NULL, from_user TEXT NOT NULL, to_user TEXT NOT NULL, amount BIGINT NOT NULL,
                    date TEXT NOT NULL, bill_id TEXT NOT NULL, created_at BIGINT NOT NULL)
                """,
                """
                CREATE INDEX ledger_rounding_transfers_household
                ON ledger_rounding_transfers (household_id, currency, date, id)
                """,
            ]
        ),
        Migration(
            "008-signin-failures",
            [
                // Failed sign-ins by (username, caller) pair and by caller (LoginThrottle), in place of the count
                // per username, which let anyone lock an account's owner out.
                """
                CREATE TABLE ledger_signin_failures (
                    subject TEXT PRIMARY KEY, window_start BIGINT NOT NULL, failures BIGINT NOT NULL)
                """,
                "DROP TABLE ledger_login_failures",
            ]
        ),
        Migration(
            "009-user-inbox",
            [
                // Each user's inbox counter (Inbox): moved by every change to a request sent to them, which
                // `roommates.wait` waits on.
                "ALTER TABLE ledger_users ADD COLUMN inbox_seq BIGINT NOT NULL DEFAULT 0"
            ]
        ),
        Migration(
            "010-imports",
            [
                // The files a household imported (import.start), by SHA-256 digest: the same file imports once.
                """
                CREATE TABLE ledger_imports (
                    household_id TEXT NOT NULL REFERENCES ledger_households (id), digest TEXT NOT NULL,
                    source TEXT NOT NULL, bills BIGINT NOT NULL, payments BIGINT NOT NULL, created_by TEXT NOT NULL,
                    created_at BIGINT NOT NULL, PRIMARY KEY (household_id, digest))
                """
            ]
        ),
        Migration(
            "011-entry-values",
            // What a bill or payment in another currency was worth in the household's currency when written
            // (EntryValue): empty for one in the household's currency, and for the entries written before.
            ["ledger_bills", "ledger_payments"].flatMap { table in
                [
                    "value_currency TEXT", "value_amount BIGINT", "value_rate TEXT", "value_date TEXT",
                    "value_source TEXT",
                ].map { column -> SQL in "ALTER TABLE \(raw: table) ADD COLUMN \(raw: column)" }
            }
        ),
        // The household's webhook subscriptions, their delivery log and the events asked to be sent again
        // (LedgerWebhooks); the events themselves are the activity log's rows.
        LedgerWebhooks.tables.migration("012-webhooks"),
        Migration(
            "013-reminders",
            [
                // The reminders recorded (Reminders): one row per household, kind and day, so that one worker records
                // each, whatever the number of workers.
                """
                CREATE TABLE ledger_reminders (
                    household_id TEXT NOT NULL REFERENCES ledger_households (id), kind TEXT NOT NULL,
                    day TEXT NOT NULL, PRIMARY KEY (household_id, kind, day))
                """
            ]
        ),
    ]
}
