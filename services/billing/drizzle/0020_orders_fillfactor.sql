-- ADR 0053 (addendum 2): orders' pages are filled to half so a correction of every order on a page (a
-- massive scholarship, a payment) writes its new row versions on the same page without
-- touching the seven indexes (HOT updates; no corrected column is indexed). Pages written
-- before this keep their fill until the table is rewritten.
ALTER TABLE "orders" SET (fillfactor = 50);
