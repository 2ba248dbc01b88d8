import {
  changeWallet,
  closeWallet,
  listOngoingWallets,
  openWallet,
  readOngoingWallet,
  requestWalletCredits,
  type OngoingWallet,
} from '../../../services/billing/prepaid-credit';
import {
  listWalletTransactions,
  ongoingWalletView,
  walletError,
  walletTransactionView,
} from '../../../services/billing/wallets';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import {
  DEFAULT_PAGE_SIZE,
  listEnvelopeSchema,
  PaginationQuerySchema,
  pageWindow,
  toListEnvelope,
} from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { errorResponse, WALLET_READ, WALLET_TAGS, WALLET_WRITE } from './route-access';
import {
  CreateWalletBodySchema,
  CreateWalletTransactionsBodySchema,
  UpdateWalletBodySchema,
  WalletListQuerySchema,
  WalletListSchema,
  WalletSchema,
  WalletTransactionListSchema,
  WalletTransactionSchema,
} from './schema';
import { toNewWallet, toWalletChange, toWalletTransactionRequest } from './wallet-input';

const present = ({ wallet, ongoing }: OngoingWallet) => ongoingWalletView(wallet, ongoing);
const NOT_FOUND = errorResponse('`wallet_not_found`: unknown, or another tenant’s');
const CreatedTransactionsSchema = listEnvelopeSchema('CreatedWalletTransactions', WalletTransactionSchema);

/** Prepaid wallets: credits bought or granted, spent by invoices, voided, expired; docs/wallets.md has the rules. */
export function walletRoutes(deps: AppDeps): RouteDefinition[] {
  // Each service records the wake its change owes the wallet's workflow; the app's wake listening sends it right
  // after the commit (else the worker's loop does, within seconds). Each reads the input at the customer's time.
  const { orm, clock } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/wallets',
      operationId: 'createWallet',
      summary: 'Create a customer’s wallet, with credits bought or granted',
      description:
        'One ACTIVE wallet per customer. `currency` defaults to the customer’s, `rateAmount` (the value of one ' +
        'credit) to 1. Credits carry up to 5 decimals; `expirationAt` must be in the future. Paid credits are ' +
        'sold on a credit-purchase invoice (one `CREDIT` line, numbered, finalized at once, payable through ' +
        'checkout).',
      tags: WALLET_TAGS,
      auth: WALLET_WRITE,
      body: CreateWalletBodySchema,
      responses: {
        201: { description: 'The wallet', schema: WalletSchema },
        400: errorResponse('`validation_failed`, naming the field: too many decimals, expiry in the past'),
        404: errorResponse('`customer_not_found`'),
        409: errorResponse('`wallet_already_exists`: the customer has an ACTIVE wallet'),
      },
      handler: async ({ body, ctx }) => {
        const wallet = (now: Date) => toNewWallet(body, now);
        return present(await openWallet(callerTenantSql(ctx, orm), { customerId: body.customerId, clock, wallet }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/wallets',
      operationId: 'listWallets',
      summary: 'List wallets, newest first',
      tags: WALLET_TAGS,
      auth: WALLET_READ,
      query: WalletListQuerySchema,
      responses: { 200: { description: 'A page of wallets', schema: WalletListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { page: _page, limit: _limit, ...filter } = query;
        const { records, total } = await listOngoingWallets(callerTenantSql(ctx, orm), { ...window, ...filter });
        return toListEnvelope(records.map(present), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/wallets/:id',
      operationId: 'getWallet',
      summary: 'One wallet',
      tags: WALLET_TAGS,
      auth: WALLET_READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The wallet', schema: WalletSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => present(await readOngoingWallet(callerTenantSql(ctx, orm), params.id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/wallets/:id',
      operationId: 'updateWallet',
      summary: 'Rename a wallet, move its expiry, or set its low-balance threshold',
      description:
        'A new `expirationAt` (in the future) replaces the old one: the wallet expires at the new instant and not at ' +
        'the old; null means it never expires.',
      tags: WALLET_TAGS,
      auth: WALLET_WRITE,
      params: IdParamsSchema,
      body: UpdateWalletBodySchema,
      responses: {
        200: { description: 'The wallet', schema: WalletSchema },
        400: errorResponse('`validation_failed`: expiry in the past, too many decimals'),
        404: NOT_FOUND,
        409: errorResponse('`wallet_terminated`'),
      },
      handler: async ({ params, body, ctx }) => {
        const change = (now: Date) => toWalletChange(body, now);
        return present(await changeWallet(callerTenantSql(ctx, orm), { walletId: params.id, clock, change }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/wallets/:id',
      operationId: 'terminateWallet',
      summary: 'Terminate a wallet: its remaining credits are voided',
      description:
        'At once, whatever its `expirationAt`: the remaining credits are voided (source TERMINATION). Deleting a ' +
        'TERMINATED wallet again answers it as it is.',
      tags: WALLET_TAGS,
      auth: WALLET_WRITE,
      params: IdParamsSchema,
      responses: { 200: { description: 'The TERMINATED wallet', schema: WalletSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        return present(await closeWallet(callerTenantSql(ctx, orm), { walletId: params.id, clock }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/wallets/transactions',
      operationId: 'createWalletTransactions',
      summary: 'Buy, grant or void credits: one transaction per kind given',
      description:
        'Paid credits are sold on a credit-purchase invoice and settle at once, or when it is paid if the wallet ' +
        'has `invoiceRequiresSuccessfulPayment` (PENDING until then, FAILED if the invoice is voided or ' +
        'uncollectible). Granted credits settle at once; voided credits leave at once, granted before paid, ' +
        'oldest first, never more than the balance. Top-ups are applied before the void.',
      tags: WALLET_TAGS,
      auth: WALLET_WRITE,
      body: CreateWalletTransactionsBodySchema,
      responses: {
        201: { description: 'The transactions made', schema: CreatedTransactionsSchema },
        400: errorResponse('`validation_failed`: no credits given, too many decimals, worth beyond the money maximum'),
        404: NOT_FOUND,
        409: errorResponse('`insufficient_wallet_credits`, `wallet_terminated`'),
      },
      handler: async ({ body, ctx }) => {
        const request = (now: Date) => toWalletTransactionRequest(body, now);
        const made = await requestWalletCredits(callerTenantSql(ctx, orm), { walletId: body.walletId, clock, request });
        // Everything made (at most one transaction per kind) on the first page of the default size, as a list is.
        return toListEnvelope(made.map(walletTransactionView), made.length, { page: 1, limit: DEFAULT_PAGE_SIZE });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/wallets/:id/transactions',
      operationId: 'listWalletTransactions',
      summary: 'A wallet’s transactions, newest first',
      tags: WALLET_TAGS,
      auth: WALLET_READ,
      params: IdParamsSchema,
      query: PaginationQuerySchema,
      responses: {
        200: { description: 'A page of transactions', schema: WalletTransactionListSchema },
        404: NOT_FOUND,
      },
      handler: async ({ params, query, ctx }) => {
        const window = pageWindow(query);
        const page = await listWalletTransactions(callerTenantSql(ctx, orm), { walletId: params.id, ...window });
        if (page === undefined) throw walletError({ code: 'wallet_not_found' }, params.id);
        return toListEnvelope(page.records.map(walletTransactionView), page.total, window);
      },
    }),
  ];
}
