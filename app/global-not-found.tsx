import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { BilingualMessage } from "@/components/checkout/bilingual-message";
import { linkClass } from "@/components/checkout/styles";
import "./globals.css";

// Any address no page or route answers: a 404 in the customer pages' look (the app has several root layouts).

export const metadata: Metadata = { title: "Page not found" };

export default async function GlobalNotFound() {
  await connection(); // per request, for the CSP nonce
  return (
    <html lang="en">
      <body>
        <BilingualMessage
          en={{ title: "Page not found", body: "There is nothing at this address. Check the link you followed." }}
          ar={{ title: "الصفحة غير موجودة", body: "لا يوجد شيء على هذا العنوان. تحقّق من الرابط الذي اتّبعته." }}
        >
          <p className="mt-8">
            <Link className={linkClass} href="/">
              Home
            </Link>
          </p>
        </BilingualMessage>
      </body>
    </html>
  );
}
