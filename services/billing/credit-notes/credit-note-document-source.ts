import { billingTimeZone } from '../../../domain/periods';
import type { Orm } from '../../../infra/db/orm';
import type { CreditNoteDocument } from '../../../infra/pdf/credit-note-document';
import { findCustomerOnRecord } from '../../catalog/customers';
import { documentSellerOf, findInvoice } from '../invoices';
import { findTenantDetails } from '../../platform/tenants';
import { findCreditNote, type CreditNoteSql } from './credit-note-records';

/**
 * Everything the credit-note PDF shows: the note, the invoice it credits, the seller (the tenant row) and the billed
 * customer, dates in the customer's time zone as on the invoice; undefined when the note is not the tenant's.
 */
export async function findCreditNoteDocument(options: {
  orm: Orm;
  sql: CreditNoteSql;
  creditNoteId: string;
}): Promise<CreditNoteDocument | undefined> {
  const { sql } = options;
  const note = await findCreditNote(sql, options.creditNoteId);
  if (note === undefined) return undefined;
  const [invoice, tenant, customer] = await Promise.all([
    findInvoice(sql, note.invoiceId),
    findTenantDetails(options.orm, sql.tenantId),
    // Soft-deleted or not: the note names who was credited, as the invoice names who was billed.
    findCustomerOnRecord(sql, note.customerId),
  ]);
  if (invoice === undefined || tenant === undefined || customer === undefined) return undefined;
  const { name, email, externalId, country } = customer;
  return {
    seller: documentSellerOf(tenant),
    customer: { name, email, externalId, country },
    creditNote: {
      id: note.id,
      number: note.number,
      status: note.status,
      reason: note.reason,
      description: note.description,
      currency: note.currency,
      issuedAt: note.issuedAt,
      voidedAt: note.voidedAt,
      amount: note.amountMinor,
      items: note.items.map((item) => ({ description: item.description, amount: item.amountMinor })),
    },
    invoice: { id: invoice.id, number: invoice.number, issuedAt: invoice.issuedAt },
    timeZone: billingTimeZone({ customer: customer.timezone, tenant: tenant.settings.timezone }),
    createdAt: note.updatedAt,
  };
}
