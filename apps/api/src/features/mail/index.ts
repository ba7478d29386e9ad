/**
 * The mail feature as other features see it: queue a message (inside the caller's
 * transaction) with one of the templates; register how an attachment is rebuilt when sent
 * (e-tickets' booking PDF); the job handler for the composition root; and the drain that
 * tests use to deliver what is queued at once.
 */
export {
  drainMailOutbox,
  enqueueMail,
  ERASED_MAIL_DOMAIN,
  isErasedAddress,
  sendMailJob,
  sendMailNow,
  type MailAttachment,
  type MailToSend,
} from './mail.service.js';
export { mailRoutes } from './mail.routes.js';
export { registerAttachmentSource, type AttachmentResolver } from './attachment-sources.js';
export {
  accountDeletionCodeMail,
  attendeeMessageMail,
  webhookDisabledMail,
  bookingCancelledByBuyerMail,
  bookingConfirmationMail,
  bookingRefundedMail,
  certificateMail,
  type CertificateNotice,
  type RefundNotice,
  type BookingConfirmation,
  contactCopyMail,
  delegateTicketMail,
  type DelegateTicketNotice,
  lateBookingRefundMail,
  newDeviceSignInMail,
  paymentNotAcceptedMail,
  proformaInvoiceMail,
  invoiceReminderMail,
  invoiceBookingReleasedMail,
  type InvoiceBookingNotice,
  type BookingSummary,
  escapeHtml,
  recoveryCodeMail,
  signInCodeMail,
  signInLockoutMail,
  teammateInviteMail,
  verificationCodeMail,
  type MailContent,
} from './templates.js';
