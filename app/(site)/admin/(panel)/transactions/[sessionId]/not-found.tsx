import Link from "next/link";
import { link } from "@/components/admin/panel-styles";

/** A missing transaction and one of gateways the user may not use look the same: ids do not leak. */
export default function TransactionNotFound() {
  return (
    <main>
      <h1 className="text-2xl font-semibold">Transaction not found</h1>
      <p className="mt-4">There is no transaction with this id that you may see.</p>
      <p className="mt-4">
        <Link className={link} href="/admin/transactions">
          Back to the transactions
        </Link>
      </p>
    </main>
  );
}
