-- The soak's check of its own check (scripts/soak.sh): after a passing verdict, plants one fault of each kind the
-- verdict must catch, so a check that has gone blind fails the soak. One acknowledged order moved off its cart
-- (lost), one acknowledged bill stored a second time under its key (doubled), one running total off by a minor unit,
-- one bill part's rounding residue off by a unit of the fixed point.
UPDATE orders_orders SET cart_id = cart_id || '-planted' WHERE id = :'order_id';
INSERT INTO ledger_bills (id, household_id, description, amount, currency, date, category, split, version,
        created_by, created_at, updated_at)
    SELECT id || '-planted', household_id, description, amount, currency, date, category, split, version,
        created_by, created_at, updated_at
    FROM ledger_bills WHERE id = :'bill_id';
UPDATE ledger_balances SET share = share + 1
    WHERE ctid = (SELECT ctid FROM ledger_balances ORDER BY household_id, currency, user_id LIMIT 1);
UPDATE ledger_bill_parts SET residue = residue + 1
    WHERE ctid = (SELECT ctid FROM ledger_bill_parts ORDER BY bill_id, user_id LIMIT 1);
