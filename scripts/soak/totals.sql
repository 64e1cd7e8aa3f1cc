-- The ledger's running totals against a recomputation from its entries (scripts/soak/check.py). One row:
-- ledger_balances rows that disagree (rounding transfers move share and rounding), ledger_debts pairs that disagree
-- (each pair's debts in both directions netted, on both sides), entries the debt recomputation cannot follow (it
-- knows entries with one creditor: a bill with one payer, or a payment; Balances.pairwiseDebts spreads a debt over
-- several creditors by weight), the number of balance rows compared, the stored rounding residues that disagree with
-- the live bills' parts and the transfers, the members whose residue is a whole minor unit or more (the bound
-- docs/api.md "Rounding" keeps), and the number of rounding transfers. A row of zeros stands for a missing one on
-- either side.
WITH entries AS (
    SELECT b.household_id, b.currency, p.user_id, p.paid, p.share, 0::bigint AS sent, 0::bigint AS received,
        0::bigint AS rounding
    FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id WHERE b.deleted_at IS NULL
    UNION ALL
    SELECT household_id, currency, from_user, 0, 0, amount, 0, 0 FROM ledger_payments WHERE deleted_at IS NULL
    UNION ALL
    SELECT household_id, currency, to_user, 0, 0, 0, amount, 0 FROM ledger_payments WHERE deleted_at IS NULL
    UNION ALL
    SELECT household_id, currency, from_user, 0, -amount, 0, 0, -amount FROM ledger_rounding_transfers
    UNION ALL
    SELECT household_id, currency, to_user, 0, amount, 0, 0, amount FROM ledger_rounding_transfers
), balances AS (
    SELECT household_id, currency, user_id, SUM(paid) AS paid, SUM(share) AS share, SUM(sent) AS sent,
        SUM(received) AS received, SUM(rounding) AS rounding
    FROM entries GROUP BY household_id, currency, user_id
), balances_disagreeing AS (
    SELECT count(*) AS n FROM balances r FULL JOIN ledger_balances k USING (household_id, currency, user_id)
    WHERE (COALESCE(r.paid, 0), COALESCE(r.share, 0), COALESCE(r.sent, 0), COALESCE(r.received, 0),
            COALESCE(r.rounding, 0))
        <> (COALESCE(k.paid, 0), COALESCE(k.share, 0), COALESCE(k.sent, 0), COALESCE(k.received, 0),
            COALESCE(k.rounding, 0))
), nets AS (
    SELECT b.id, b.household_id, b.currency, p.user_id, p.paid - p.share AS net
    FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id WHERE b.deleted_at IS NULL
), creditors AS (
    SELECT id, min(user_id) AS creditor, count(*) AS n FROM nets WHERE net > 0 GROUP BY id
), debts AS (
    SELECT n.household_id, n.currency, n.user_id AS debtor, c.creditor, -n.net AS amount
    FROM nets n JOIN creditors c ON c.id = n.id WHERE n.net < 0
    UNION ALL
    SELECT household_id, currency, to_user, from_user, amount FROM ledger_payments WHERE deleted_at IS NULL
    UNION ALL
    SELECT household_id, currency, to_user, from_user, amount FROM ledger_rounding_transfers
), netted AS (
    SELECT household_id, currency, least(debtor, creditor) AS low, greatest(debtor, creditor) AS high,
        SUM(CASE WHEN debtor < creditor THEN amount ELSE -amount END) AS amount
    FROM debts GROUP BY 1, 2, 3, 4
), kept AS (
    SELECT household_id, currency, least(debtor, creditor) AS low, greatest(debtor, creditor) AS high,
        SUM(CASE WHEN debtor < creditor THEN amount ELSE -amount END) AS amount
    FROM ledger_debts GROUP BY 1, 2, 3, 4
), debts_disagreeing AS (
    SELECT count(*) AS n FROM netted r FULL JOIN kept k USING (household_id, currency, low, high)
    WHERE COALESCE(r.amount, 0) <> COALESCE(k.amount, 0)
), residues AS (
    -- Each member's rounding residue (in 1/7,207,200,000 of a minor unit): what the live bills' parts added, and one
    -- minor unit for each rounding transfer.
    SELECT household_id, currency, user_id, SUM(residue) AS residue FROM (
        SELECT b.household_id, b.currency, p.user_id, p.residue
        FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id WHERE b.deleted_at IS NULL
        UNION ALL
        SELECT household_id, currency, from_user, -7207200000 * amount FROM ledger_rounding_transfers
        UNION ALL
        SELECT household_id, currency, to_user, 7207200000 * amount FROM ledger_rounding_transfers
    ) parts GROUP BY household_id, currency, user_id
), stored_residues AS (
    SELECT household_id, currency, key AS user_id, value::bigint AS residue
    FROM ledger_rounding, jsonb_each_text(residues::jsonb)
), residues_disagreeing AS (
    SELECT count(*) AS n FROM residues r FULL JOIN stored_residues k USING (household_id, currency, user_id)
    WHERE COALESCE(r.residue, 0) <> COALESCE(k.residue, 0)
)
SELECT (SELECT n FROM balances_disagreeing), (SELECT n FROM debts_disagreeing),
    (SELECT count(*) FROM creditors WHERE n > 1), (SELECT count(*) FROM ledger_balances),
    (SELECT n FROM residues_disagreeing), (SELECT count(*) FROM residues WHERE abs(residue) >= 7207200000),
    (SELECT count(*) FROM ledger_rounding_transfers);
