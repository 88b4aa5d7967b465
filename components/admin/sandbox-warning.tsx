import Link from "next/link";

/** The dashboard's loud warning: sandbox gateway settings enabled on a public (https) APP_URL (lib/gateways/sandbox-warning.ts). */
export function SandboxWarning({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <section role="alert" aria-labelledby="sandbox-warning-heading" className="rounded border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <h2 id="sandbox-warning-heading" className="text-lg font-bold">
        Warning: sandbox gateways are enabled on a public address
      </h2>
      <p className="mt-1 text-sm">{message}</p>
      <p className="mt-2 text-sm">
        <Link href="/admin/gateways" className="font-medium underline">
          Review the gateway settings
        </Link>
      </p>
    </section>
  );
}
