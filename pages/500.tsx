import type { PageConfig } from "next";
import { StaticMessagePage } from "@/components/checkout/static-message-page";

export const config: PageConfig = { unstable_runtimeJS: false };

export default function ServerErrorPage() {
  return (
    <StaticMessagePage
      en={{ title: "Something went wrong", body: "This page could not be shown. Please try again in a moment." }}
      ar={{ title: "حدث خطأ ما", body: "تعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى بعد قليل." }}
    />
  );
}
