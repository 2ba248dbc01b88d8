import type { InvoiceId } from '../../../domain/ids';
import { billingTimeZone } from '../../../domain/periods';
import type { Orm } from '../../../infra/db/orm';
import { findInvoice } from './invoice-queries';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { findCustomerOnRecord, type CustomerOnRecord } from '../../catalog/customers';
import { findTenantDetails, type TenantDetails } from '../../platform/tenants';
import type { BilledInvoiceDocument, DocumentSeller } from '../../../infra/pdf/invoice-document';

/**
 * What the invoice PDF shows of the invoice itself (its refunds, credit notes and pay link are added by
 * services/payments/documents), read from the tenant's schema and the central tenant row;
 * undefined when the invoice is not the tenant's. Dates are written in the customer's time zone, which defaults to
 * the tenant's (CONTRACT §7): the zone the invoice's periods were computed in.
 */
export async function findInvoiceDocument(options: {
  orm: Orm;
  sql: InvoiceSql;
  invoiceId: InvoiceId;
}): Promise<BilledInvoiceDocument | undefined> {
  const { sql } = options;
  const invoice = await findInvoice(sql, options.invoiceId);
  if (invoice === undefined) return undefined;
  const [tenant, customer] = await Promise.all([
    findTenantDetails(options.orm, sql.tenantId),
    // Soft-deleted or not: an invoice outlives its customer (CONTRACT §7), and its PDF still names who was billed.
    findCustomerOnRecord(sql, invoice.customerId),
  ]);
  if (tenant === undefined || customer === undefined) return undefined;
  return toInvoiceDocument(invoice, tenant, customer);
}

function toInvoiceDocument(
  invoice: InvoiceRecord,
  tenant: TenantDetails,
  customer: CustomerOnRecord,
): BilledInvoiceDocument {
  return {
    seller: documentSellerOf(tenant),
    customer: {
      name: customer.name,
      email: customer.email,
      externalId: customer.externalId,
      country: customer.country,
    },
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      issuedAt: invoice.issuedAt,
      dueDate: invoice.dueDate,
      lines: invoice.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        amount: line.amountMinor,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
      })),
      subtotal: invoice.subtotalMinor,
      discount: invoice.discountMinor,
      discounts: invoice.discounts.map((each) => ({ code: each.couponCode, amount: each.amountMinor })),
      tax: invoice.taxMinor,
      total: invoice.totalMinor,
      amountCredited: invoice.amountCreditedMinor,
      prepaidCreditAmount: invoice.prepaidCreditAmountMinor,
      amountPaid: invoice.amountPaidMinor,
      amountDue: invoice.amountDueMinor,
    },
    timeZone: billingTimeZone({ customer: customer.timezone, tenant: tenant.settings.timezone }),
    createdAt: invoice.updatedAt,
  };
}

/** The tenant as the seller its documents print (invoices and credit notes alike). */
export function documentSellerOf(tenant: TenantDetails): DocumentSeller {
  return { companyName: tenant.companyName, email: tenant.email, address: tenant.address, taxId: tenant.taxId };
}
