import Document, { Head, Html, Main, NextScript } from "next/document";

/** `<html lang dir>` from the page's `language` prop: Arabic pages are right-to-left. */
export default class CheckoutDocument extends Document {
  render() {
    const pageProps = (this.props.__NEXT_DATA__.props as { pageProps?: { language?: unknown } } | undefined)?.pageProps;
    const arabic = pageProps?.language === "ar";
    return (
      <Html lang={arabic ? "ar" : "en"} dir={arabic ? "rtl" : "ltr"}>
        <Head />
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
