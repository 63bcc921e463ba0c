/** The administrators' vendor application inputs. */
import { z } from 'zod';
import { VENDOR_STATUSES } from '../vendor-approval';
import { idInput, pageFields, requiredText } from './fields';

/** The most applications one page of the administrators' list holds. */
export const MAX_VENDOR_PAGE_SIZE = 50;

/** One page of vendor accounts in one status (pending when left out), oldest change first. */
export const vendorApplicationsInput = z
  .object({
    status: z
      .enum(VENDOR_STATUSES, { error: 'Status must be pending, approved, rejected or suspended' })
      .default('pending'),
    ...pageFields(MAX_VENDOR_PAGE_SIZE),
  })
  .prefault({});
export type VendorApplicationsInput = z.output<typeof vendorApplicationsInput>;

/** Approving a vendor account. */
export const approveVendorInput = z.object({ userId: idInput });

/** The longest reason an administrator may give. */
export const MAX_VENDOR_REASON_LENGTH = 300;
/** Rejecting or suspending a vendor account: the reason is what the vendor reads. */
export const vendorReasonInput = z.object({
  userId: idInput,
  reason: requiredText('A reason is required', MAX_VENDOR_REASON_LENGTH, 'Reason'),
});
export type VendorReasonInput = z.output<typeof vendorReasonInput>;
