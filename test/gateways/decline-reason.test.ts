import { describe, expect, it } from "vitest";
import { declineReason } from "@/lib/gateways/decline-reason";

// Gateways' decline codes → the few reasons the payment page words for the customer.

describe("declineReason", () => {
  it("reads the issuer's ISO 8583 code the sandbox and KNET answer with", () => {
    expect(declineReason({ result: "NOT CAPTURED", responsecode: "51" })).toBe("insufficient_funds");
    expect(declineReason({ responsecode: "54" })).toBe("card_expired");
    expect(declineReason({ responsecode: "N7" })).toBe("check_details");
    expect(declineReason({ responsecode: "14" })).toBe("check_details");
    expect(declineReason({ responsecode: "91" })).toBe("try_later");
    expect(declineReason({ responsecode: "05" })).toBe("another_card");
  });

  it("reads Stripe's decline_code", () => {
    expect(declineReason({ decline_code: "insufficient_funds", responsecode: undefined })).toBe("insufficient_funds");
    expect(declineReason({ decline_code: "expired_card" })).toBe("card_expired");
    expect(declineReason({ decline_code: "incorrect_cvc" })).toBe("check_details");
    expect(declineReason({ decline_code: "issuer_not_available" })).toBe("try_later");
    expect(declineReason({ decline_code: "generic_decline" })).toBe("another_card");
  });

  it("anything else, or nothing, is 'try another card'", () => {
    for (const response of [null, {}, { responsecode: null }, { decline_code: null }, { responsecode: "toString" }, { responsecode: 51 }]) {
      expect(declineReason(response)).toBe("another_card");
    }
  });
});
