import { NotAllowed } from "@/components/admin/not-allowed";

/** Where a refused server action sends its sender (lib/panel/admin/run-panel-form.ts). */
export default function NotAllowedPage() {
  return <NotAllowed what="this part of the service" />;
}
