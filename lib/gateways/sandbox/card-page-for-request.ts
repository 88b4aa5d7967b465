import "server-only";
import { cache } from "react";
import { appContext } from "@/lib/core/context";
import { loadCardPage } from "./load-card-page";

/** The sandbox card or 3-D Secure page's data, loaded once per request (its metadata and the page both ask). */
export const cardPageForRequest = cache((reference: string) => loadCardPage({ ctx: appContext(), input: { reference } }));
