import type { ServerResponse } from "node:http";

export type NotFoundProps = { notFound: true; language: "en" };

/**
 * A 404 that the page itself renders. With an app/ directory, Next 16 answers `{ notFound: true }` from
 * getServerSideProps with the App Router's not-found page, which loads the App Router's JavaScript; this keeps
 * the zero-script page and its headers instead.
 */
export function notFoundProps(res: ServerResponse): { props: NotFoundProps } {
  res.statusCode = 404;
  return { props: { notFound: true, language: "en" } };
}

export const isNotFound = (props: object): props is NotFoundProps => "notFound" in props;
