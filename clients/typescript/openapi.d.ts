// Generated from the served OpenAPI document by `npm run clients:generate`. Do not edit.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service health: PostgreSQL and Temporal reachability */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service health: PostgreSQL and Temporal reachability */
        get: operations["getApiHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.0.3 description */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rendered API reference (Swagger UI, works offline) */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outbound webhooks: every event, its payload fields, envelope and signature headers (HTML) */
        get: operations["getWebhooksReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a tenant: its own data schema, a "Default" API key with every scope, and a token pair */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with e-mail and password; starts a new session (refresh-token family) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token (single use) for a new token pair
         * @description Presenting a refresh token that was already used answers 401 and revokes every refresh token of that login.
         */
        post: operations["refreshTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a password reset link (valid 1 hour, single use)
         * @description Answers the same whether or not the e-mail belongs to an account.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token from the reset e-mail; signs out every session */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current tenant: profile, webhook target and secret, SMTP settings, billing settings */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the profile, webhook URL, SMTP settings or billing settings
         * @description Only the properties sent change; `settings` are merged key by key. A webhook URL or SMTP host that resolves to a loopback, private, link-local or metadata address is refused (400) unless the operator allows it. A new SMTP host or user needs the password again (or `password: null`): a stored password never follows a change of server. `smtp` is replaced whole, and a password (sent, or kept) needs a `user`.
         */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/api/tenants/me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage statistics: customers, subscriptions by status, invoices, active API keys, requests this month */
        get: operations["getTenantUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/smtp/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test message through the tenant’s SMTP settings */
        post: operations["testTenantSmtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the webhook signing secret; the previous one keeps signing for 24 hours
         * @description Outbound webhooks carry signatures with both secrets for 24 hours after a rotation, so a receiver can switch without losing events. Rotating again within that window retires the older secret at once.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the API keys not revoked (expired ones included), newest first, without their values */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key; its value is returned once
         * @description `expiresAt`, when a timestamp, must be in the future (400 naming it); null or absent never expires.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key; refused within 5 seconds on every API process
         * @description API processes cache accepted keys for up to 5 seconds: the process that revokes the key refuses it from its next request on, the others within 5 seconds. A revoked key is no longer listed; revoking it again is 404 `api_key_not_found`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/webhook-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List outbound webhook events with their delivery status and attempts, newest first */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/webhook-events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One outbound webhook event with every delivery attempt */
        get: operations["getWebhookEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/webhook-events/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed sample event to the webhook URL, to test a receiver
         * @description Records a sample of `event` (its `data` is the example this reference shows for that event) and delivers it as every event is delivered: signed with the current signing secret, with the same headers and retries, and listed in the history. Ids in a sample name no real record.
         */
        post: operations["sendTestWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenants/me/webhook-events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again: a new series of up to five attempts, the first at once
         * @description The event becomes PENDING and its next series starts (workflow `webhook:<tenantId>:<eventId>-<series>`), with the same event id, envelope and payload as before. Also while a series is in progress (PENDING): that series stops at its next attempt without sending, and the new one delivers.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List test clocks, newest first
         * @description Required scope: `test_clocks:read`.
         */
        get: operations["listTestClocks"];
        put?: never;
        /**
         * Create a test clock, READY at `frozenTime`
         * @description Customers created with its `testClockId` live on its time instead of the wall clock.
         *
         *     Required scope: `test_clocks:write`.
         */
        post: operations["createTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-clocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a test clock
         * @description Required scope: `test_clocks:read`.
         */
        get: operations["getTestClock"];
        put?: never;
        post?: never;
        /**
         * Delete a test clock with its customers and everything of theirs
         * @description In one transaction: the clock’s customers and their subscriptions, invoices, credit notes, payments, refunds, wallets, usage events and credit, then the clock and its numbering sequences. Their workflows are stopped. Outbound webhook events already recorded stay. Allowed while the clock is ADVANCING.
         *
         *     Required scope: `test_clocks:write`.
         */
        delete: operations["deleteTestClock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-clocks/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a test clock to `frozenTime`
         * @description The clock’s time becomes `frozenTime` at once and the clock is ADVANCING until every workflow of its customers has done what is due up to that time, in time order (renewals, trials, cancellations, dunning, wallet expiry); then it is READY and `test_clock.ready` is sent. Poll `GET /test-clocks/{id}` until READY. Forward only, at most two years in one advance. Any advance while ADVANCING is refused, the same one again included; retry a lost answer with the same `Idempotency-Key`.
         *
         *     Required scope: `test_clocks:write`.
         */
        post: operations["advanceTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers not deleted, newest first; search and filter
         * @description Required scope: `customers:read`.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Currency and country are checked against ISO 4217 and ISO 3166-1 and stored upper case. A customer created with `testClockId` lives on that test clock’s time (its `createdAt` too), for good: see the test clocks guide.
         *
         *     Required scope: `customers:write`.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer
         * @description Required scope: `customers:read`.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        /**
         * Delete a customer (soft): hidden from now on, its invoices and payments remain
         * @description Refused while the customer has a TRIALING, ACTIVE, PAUSED or PAST_DUE subscription. Its ACTIVE wallet is terminated: the remaining credits are voided (source TERMINATION).
         *
         *     Required scope: `customers:write`.
         */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        /**
         * Update some of a customer’s properties
         * @description Required scope: `customers:write`.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/api/customers/{id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer’s subscriptions, newest first
         * @description The full subscriptions records, as their own routes return them.
         *
         *     Required scopes (all of them): `customers:read`, `subscriptions:read`.
         */
        get: operations["listCustomerSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{id}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer’s invoices, newest first
         * @description The full invoices records, as their own routes return them.
         *
         *     Required scopes (all of them): `customers:read`, `invoices:read`.
         */
        get: operations["listCustomerInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer’s payments, newest first
         * @description The full payments records, as their own routes return them.
         *
         *     Required scopes (all of them): `customers:read`, `payments:read`.
         */
        get: operations["listCustomerPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plans, newest first
         * @description Required scope: `plans:read`.
         */
        get: operations["listPlans"];
        put?: never;
        /**
         * Create a plan, optionally with its prices (one per currency)
         * @description Required scope: `plans:write`.
         */
        post: operations["createPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One plan with its prices
         * @description Required scope: `plans:read`.
         */
        get: operations["getPlan"];
        put?: never;
        post?: never;
        /**
         * Delete a plan and its prices, unless a subscription is on it
         * @description A hard delete. A plan with subscriptions is refused; set `isActive: false` to retire it.
         *
         *     Required scope: `plans:write`.
         */
        delete: operations["deletePlan"];
        options?: never;
        head?: never;
        /**
         * Update a plan; code and billingInterval are immutable
         * @description Prices change through /plans/{id}/prices.
         *
         *     Required scope: `plans:write`.
         */
        patch: operations["updatePlan"];
        trace?: never;
    };
    "/api/plans/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a price in a currency the plan has no price in yet
         * @description Required scope: `plans:write`.
         */
        post: operations["createPlanPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans/{id}/prices/{priceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a price, unless subscriptions of the plan bill in its currency
         * @description Required scope: `plans:write`.
         */
        delete: operations["deletePlanPrice"];
        options?: never;
        head?: never;
        /**
         * Change a price’s amount
         * @description Required scope: `plans:write`.
         */
        patch: operations["updatePlanPrice"];
        trace?: never;
    };
    "/api/billable-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List billable metrics, newest first
         * @description Required scope: `metrics:read`.
         */
        get: operations["listBillableMetrics"];
        put?: never;
        /**
         * Create a billable metric
         * @description Every aggregation but COUNT needs `fieldName`; only SUM, UNIQUE_COUNT and WEIGHTED_SUM can be `recurring`; filter keys differ from each other. A break of these rules is a 400 naming the field.
         *
         *     Required scope: `metrics:write`.
         */
        post: operations["createBillableMetric"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billable-metrics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a billable metric
         * @description Required scope: `metrics:read`.
         */
        get: operations["getBillableMetric"];
        put?: never;
        post?: never;
        /**
         * Delete a billable metric no charge uses
         * @description Required scope: `metrics:write`.
         */
        delete: operations["deleteBillableMetric"];
        options?: never;
        head?: never;
        /**
         * Update a billable metric; code and aggregation type are immutable
         * @description The rules of creation (fieldName, recurring, unique filter keys) apply to the resulting metric. A metric a PERCENTAGE charge prices cannot become `recurring` (PERCENTAGE prices a non-recurring SUM only): 409 `billable_metric_in_use` naming `body.recurring`.
         *
         *     Required scope: `metrics:write`.
         */
        patch: operations["updateBillableMetric"];
        trace?: never;
    };
    "/api/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List charges, newest first, optionally of one plan
         * @description Required scope: `plans:read`.
         */
        get: operations["listCharges"];
        put?: never;
        /**
         * Create a usage charge on a plan
         * @description Amounts are exact decimals in major units (unit prices up to 12 decimals), priced in each currency of the plan. Graduated and volume ranges run from 0, each starting where the previous ended, the last open (toValue null or omitted). A break of these rules is a 400 naming the range. Usage is billed in arrears only: `billingTiming: IN_ADVANCE` is a 400 `charge_timing_unsupported`. PERCENTAGE takes a percentage of each event’s amount (the metric’s `fieldName`), so it prices only a non-recurring SUM metric: on any other metric it is a 409 `charge_model_unsupported` naming `body.chargeModel` and the metric’s aggregation.
         *
         *     Required scope: `plans:write`.
         */
        post: operations["createCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/charges/plan/{planId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the charges of a plan, newest first
         * @description Required scope: `plans:read`.
         */
        get: operations["listPlanCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/charges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a charge
         * @description Required scope: `plans:read`.
         */
        get: operations["getCharge"];
        put?: never;
        post?: never;
        /**
         * Delete a charge
         * @description Required scope: `plans:write`.
         */
        delete: operations["deleteCharge"];
        options?: never;
        head?: never;
        /**
         * Update a charge’s settings or re-price it; plan and metric are immutable
         * @description Graduated and volume ranges run from 0, each starting where the previous ended, the last open (toValue null or omitted). Amounts carry at most their decimals (unit prices up to 12). A break of these rules is a 400 naming the range. Usage is billed in arrears only: `billingTiming: IN_ADVANCE` is a 400 `charge_timing_unsupported`. Re-pricing with `chargeModel: PERCENTAGE` needs a non-recurring SUM metric, else 409 `charge_model_unsupported` naming `body.chargeModel` and the metric’s aggregation; a PATCH of settings alone leaves the model as stored.
         *
         *     Required scope: `plans:write`.
         */
        patch: operations["updateCharge"];
        trace?: never;
    };
    "/api/payment-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the configured payment providers, newest first
         * @description Required scope: `payment_providers:read`.
         */
        get: operations["listPaymentProviders"];
        put?: never;
        /**
         * Configure a payment provider (one configuration per provider)
         * @description Credentials are encrypted at rest and never returned; responses show masked hints only.
         *
         *     Required scope: `payment_providers:write`.
         */
        post: operations["createPaymentProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment provider configuration
         * @description Required scope: `payment_providers:read`.
         */
        get: operations["getPaymentProvider"];
        put?: never;
        post?: never;
        /**
         * Remove a configuration and its credentials
         * @description Required scope: `payment_providers:write`.
         */
        delete: operations["deletePaymentProvider"];
        options?: never;
        head?: never;
        /**
         * Update a configuration; partial credentials merge with the stored ones
         * @description The provider cannot change. A new `apiBaseUrl` requires the credentials in full.
         *
         *     Required scope: `payment_providers:write`.
         */
        patch: operations["updatePaymentProvider"];
        trace?: never;
    };
    "/api/payment-providers/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the connection with the stored credentials
         * @description Calls the provider’s cheapest authenticated endpoint (10 s timeout). 200 with the provider, `ok: true` and `checkedAt` when it accepts the stored credentials; 502 `payment_provider_error` with the provider’s own refusal (its HTTP status in the message) or why it could not be reached.
         *
         *     Required scope: `payment_providers:write`.
         */
        post: operations["testPaymentProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List coupons, newest first
         * @description Required scope: `coupons:read`.
         */
        get: operations["listCoupons"];
        put?: never;
        /**
         * Create a coupon: a percentage or a fixed amount, once, for some periods, or forever
         * @description PERCENTAGE takes `percentage` (no amount or currency); FIXED_AMOUNT takes `amount` and `currency` (no percentage), with the currency’s decimals; RECURRING requires `frequencyDuration`, which ONCE and FOREVER refuse; `expiresAt` must be in the future. A break of these rules is a 400 naming the field. A coupon discounts subscription lines, or with `billableMetricIds` only the usage lines of those metrics.
         *
         *     Required scope: `coupons:write`.
         */
        post: operations["createCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/coupons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One coupon
         * @description Required scope: `coupons:read`.
         */
        get: operations["getCoupon"];
        put?: never;
        post?: never;
        /**
         * Delete a coupon
         * @description A coupon never applied is deleted. One that was applied is soft-deleted (inactive, hidden, its code freed); its applied coupons stay as they are.
         *
         *     Required scope: `coupons:write`.
         */
        delete: operations["deleteCoupon"];
        options?: never;
        head?: never;
        /**
         * Update a coupon; the code and the discount terms are immutable
         * @description Required scope: `coupons:write`.
         */
        patch: operations["updateCoupon"];
        trace?: never;
    };
    "/api/coupons/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a coupon to a customer (one redemption)
         * @description Refused with 409 `coupon_not_applicable` (the message says why) when no coupon has the code, or the coupon is inactive, expired, exhausted, already applied to the customer, or a FIXED_AMOUNT in another currency than the customer’s.
         *
         *     Required scope: `coupons:write`.
         */
        post: operations["applyCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/coupons/applied/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Terminate an applied coupon
         * @description The redemption it used is not given back.
         *
         *     Required scope: `coupons:write`.
         */
        delete: operations["removeAppliedCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List wallets, newest first
         * @description Required scope: `wallets:read`.
         */
        get: operations["listWallets"];
        put?: never;
        /**
         * Create a customer’s wallet, with credits bought or granted
         * @description One ACTIVE wallet per customer. `currency` defaults to the customer’s, `rateAmount` (the value of one credit) to 1. Credits carry up to 5 decimals; `expirationAt` must be in the future. Paid credits are sold on a credit-purchase invoice (one `CREDIT` line, numbered, finalized at once, payable through checkout).
         *
         *     Required scope: `wallets:write`.
         */
        post: operations["createWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One wallet
         * @description Required scope: `wallets:read`.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        /**
         * Terminate a wallet: its remaining credits are voided
         * @description At once, whatever its `expirationAt`: the remaining credits are voided (source TERMINATION). Deleting a TERMINATED wallet again answers it as it is.
         *
         *     Required scope: `wallets:write`.
         */
        delete: operations["terminateWallet"];
        options?: never;
        head?: never;
        /**
         * Rename a wallet, move its expiry, or set its low-balance threshold
         * @description A new `expirationAt` (in the future) replaces the old one: the wallet expires at the new instant and not at the old; null means it never expires.
         *
         *     Required scope: `wallets:write`.
         */
        patch: operations["updateWallet"];
        trace?: never;
    };
    "/api/wallets/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy, grant or void credits: one transaction per kind given
         * @description Paid credits are sold on a credit-purchase invoice and settle at once, or when it is paid if the wallet has `invoiceRequiresSuccessfulPayment` (PENDING until then, FAILED if the invoice is voided or uncollectible). Granted credits settle at once; voided credits leave at once, granted before paid, oldest first, never more than the balance. Top-ups are applied before the void.
         *
         *     Required scope: `wallets:write`.
         */
        post: operations["createWalletTransactions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets/{id}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A wallet’s transactions, newest first
         * @description Required scope: `wallets:read`.
         */
        get: operations["listWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add-ons/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply an add-on to a customer
         * @description The amount defaults to the add-on’s price in the customer’s currency; an explicit amount is read in the customer’s currency and its decimals. Amount and currency are fixed from then on. A `currency` other than the customer’s is a 400 naming it.
         *
         *     Required scope: `add_ons:write`.
         */
        post: operations["applyAddOn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add-ons/applied/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List applied add-ons of every status, newest first
         * @description Required scope: `add_ons:read`.
         */
        get: operations["listAppliedAddOns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add-ons/applied/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a PENDING applied add-on: it stays listed with status REMOVED and is never billed
         * @description Required scope: `add_ons:write`.
         */
        delete: operations["removeAppliedAddOn"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add-ons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List add-ons, newest first
         * @description Required scope: `add_ons:read`.
         */
        get: operations["listAddOns"];
        put?: never;
        /**
         * Create an add-on, optionally with its prices (one per currency)
         * @description Required scope: `add_ons:write`.
         */
        post: operations["createAddOn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add-ons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One add-on with its prices
         * @description Required scope: `add_ons:read`.
         */
        get: operations["getAddOn"];
        put?: never;
        post?: never;
        /**
         * Delete an add-on, unless it has PENDING applied add-ons
         * @description A soft delete: the add-on disappears from reads and its code is free again; applied add-ons (INVOICED, REMOVED) keep naming it. Remove its PENDING applied add-ons first (409 `add_on_in_use`).
         *
         *     Required scope: `add_ons:write`.
         */
        delete: operations["deleteAddOn"];
        options?: never;
        head?: never;
        /**
         * Update an add-on; `prices` replaces the whole price list; code is immutable
         * @description Applied add-ons keep the amount they were applied with.
         *
         *     Required scope: `add_ons:write`.
         */
        patch: operations["updateAddOn"];
        trace?: never;
    };
    "/api/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions, newest first; filter by status, planId, customerId
         * @description Required scope: `subscriptions:read`.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Subscribe a customer to a plan; starts the subscription’s workflow
         * @description TRIALING when the trial (the plan’s trialDays unless given) is longer than 0 days, otherwise ACTIVE with the first period. Periods follow the customer’s time zone (else the tenant’s). `startDate` may not be in the future nor so far back that its first period has ended (400 naming it). For a customer on a test clock, "now" is the clock’s time.
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subscription with its customer and plan
         * @description Required scope: `subscriptions:read`.
         */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Replace a subscription’s metadata
         * @description Status, plan and periods change through the actions (cancel, pause, resume, change-plan).
         *
         *     Required scope: `subscriptions:write`.
         */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/api/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel now (prorated settlement) or at the end of the current period
         * @description `now`: CANCELED at once, the unused part of a period billed in advance credited by FINALIZED credit notes named in `creditNoteIds`; `period_end`: `cancelAt` is set and no renewal is invoiced (`creditNoteIds` empty).
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause an ACTIVE or TRIALING subscription
         * @description Renewals stop; the current period is settled like a cancel now.
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a PAUSED subscription
         * @description A new period starts at the resume instant (an IN_ADVANCE plan invoices it).
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/change-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move to another plan with proration
         * @description Default: an upgrade (higher price per day) applies now with one proration invoice, a downgrade at period end (`pendingPlanId`). The new plan needs a price in the subscription’s currency. A plan on another interval applied now starts a new period at the change (the old plan’s unused days credited on its invoice).
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["changeSubscriptionPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/retry-billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue again the invoices that failed with a billing error
         * @description For a subscription whose `billingError` is set. The retry runs in the subscription’s workflow after this answer: every waiting invoice is priced and issued again (`invoice.created` for each), then `billingError` goes back to null; a period that still cannot be priced keeps it and waits for the next retry.
         *
         *     Required scope: `subscriptions:write`.
         */
        post: operations["retrySubscriptionBilling"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open period’s usage so far, per charge and charge filter
         * @description The current period (the trial while TRIALING) from its start, or from the last plan change effective now within it, priced on the current plan’s charges exactly as the invoice that closes it will be (filters, minAmount true-up included). PAUSED and CANCELED subscriptions have no open period: 409 `no_open_period`.
         *
         *     Required scope: `subscriptions:read`.
         */
        get: operations["getSubscriptionUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a usage event
         * @description An event names its subscription by `subscriptionId` or by `externalSubscriptionId` (the `externalId` you gave the subscription), exactly one of the two: both or neither is 400 naming the field. Refused with 400 naming the field: an unknown metric `code`; for SUM, MAX, LATEST and WEIGHTED_SUM a `properties[fieldName]` missing or not a finite number or numeric string (15 significant digits at most); for UNIQUE_COUNT a missing `properties[fieldName]`; `operation_type` (add | remove) on another metric; a metric filter key whose value is not one of its values; a timestamp more than 5 minutes ahead, before the subscription started or after it ended. A timestamp while the subscription is PAUSED is 400 `subscription_paused`; one in a period whose usage is on a finalized or voided invoice is 409 `event_period_closed`. A repeated `transactionId` with the same subscriptionId, code, properties (and timestamp, when sent) is a duplicate that adds nothing; with another payload it is 409 `event_transaction_id_taken`. An unknown or another tenant's subscription (by either id) is 404.
         *
         *     Required scope: `events:write`.
         */
        post: operations["createUsageEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record up to 1,000 usage events at once, all or none
         * @description Each event follows the rules of POST /events; any refused event refuses the whole batch, naming it (`body.events.<i>.<field>`), and nothing is stored. A transactionId repeated inside the batch and an unknown subscription (by either id) are 400; a conflicting replay is 409 naming its index. A batch that creates nothing (all duplicates) is 200. An event names its subscription by `subscriptionId` or by `externalSubscriptionId` (the `externalId` you gave the subscription), exactly one of the two: both or neither is 400 naming the field. External ids of the whole batch are resolved at once. Refused with 400 naming the field: an unknown metric `code`; for SUM, MAX, LATEST and WEIGHTED_SUM a `properties[fieldName]` missing or not a finite number or numeric string (15 significant digits at most); for UNIQUE_COUNT a missing `properties[fieldName]`; `operation_type` (add | remove) on another metric; a metric filter key whose value is not one of its values; a timestamp more than 5 minutes ahead, before the subscription started or after it ended. A timestamp while the subscription is PAUSED is 400 `subscription_paused`; one in a period whose usage is on a finalized or voided invoice is 409 `event_period_closed`. A repeated `transactionId` with the same subscriptionId, code, properties (and timestamp, when sent) is a duplicate that adds nothing; with another payload it is 409 `event_transaction_id_taken`.
         *
         *     Required scope: `events:write`.
         */
        post: operations["createUsageEventBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/subscription/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscription's usage events, newest timestamp first
         * @description Required scope: `events:read`.
         */
        get: operations["listSubscriptionUsageEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a usage event
         * @description Required scope: `events:read`.
         */
        get: operations["getUsageEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List credit notes, newest first
         * @description Required scope: `credit_notes:read`.
         */
        get: operations["listCreditNotes"];
        put?: never;
        /**
         * Create a DRAFT credit note against an OPEN or PAID invoice
         * @description Give `amount` or `items` (the amount is their sum), not both. The invoice’s DRAFT and FINALIZED credit notes together never exceed its total.
         *
         *     Required scope: `credit_notes:write`.
         */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One credit note
         * @description Required scope: `credit_notes:read`.
         */
        get: operations["getCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a DRAFT credit note: reason, description, amount or items
         * @description Required scope: `credit_notes:write`.
         */
        patch: operations["updateCreditNote"];
        trace?: never;
    };
    "/api/credit-notes/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalize a DRAFT credit note: number it and put it into effect
         * @description On an OPEN invoice it lowers `amountDue` (an invoice it settles becomes PAID; any excess becomes customer credit); on a PAID invoice the whole amount becomes customer credit for the customer’s next invoices.
         *
         *     Required scope: `credit_notes:write`.
         */
        post: operations["finalizeCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credit-notes/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a FINALIZED credit note, undoing its effect
         * @description Raises the invoice’s `amountDue` again (a PAID invoice settled by credit alone reopens) and takes back the customer credit it granted.
         *
         *     Required scope: `credit_notes:write`.
         */
        post: operations["voidCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the credit note as a PDF
         * @description An A4 document in the invoice PDF’s style: the tenant’s company, address and tax id, the customer, the number, the invoice it credits, issue date, reason and state (`Issued`, `Void`, `Draft`), every item and the total credited. A draft is marked DRAFT. Saved as `<number>.pdf` (`<id>.pdf` for a draft).
         *
         *     Required scope: `credit_notes:read`.
         */
        get: operations["downloadCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices, newest first; filters status, customerId, subscriptionId
         * @description Required scope: `invoices:read`.
         */
        get: operations["listInvoices"];
        put?: never;
        /**
         * Create a DRAFT manual invoice
         * @description Required scope: `invoices:write`.
         */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice with its lines
         * @description Required scope: `invoices:read`.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalize a DRAFT: number it, set issue and due dates, apply customer credit (PAID if nothing is due)
         * @description Required scope: `invoices:write`.
         */
        post: operations["finalizeInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a DRAFT, OPEN or UNCOLLECTIBLE invoice (a PAID one needs a credit note)
         * @description Required scope: `invoices:write`.
         */
        post: operations["voidInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark an OPEN or UNCOLLECTIBLE invoice paid outside the platform: records a MANUAL payment for the amount due
         * @description Required scope: `invoices:write`.
         */
        post: operations["markInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/send-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail the invoice to the customer: PDF attached, with a checkout link when something is due
         * @description Sent through the tenant’s SMTP settings, else the platform’s. The platform’s mail server is no relay: without SMTP settings of its own, a tenant’s invoice e-mail goes only to the customer’s stored address (a `to` naming another address is 409 `smtp_not_configured`), and at most `PLATFORM_MAIL_PER_DAY` of them (100 by default, dunning reminders included) go through it per tenant per UTC day; beyond that the answer is 429 with `retryAfter`, the seconds until the next UTC day. Mail through the tenant’s own SMTP settings may go to any `to` and is not capped. The link is the invoice’s open checkout or a new one through the default payment provider; without a provider that takes the currency the mail goes without a link.
         *
         *     Required scope: `invoices:write`.
         */
        post: operations["sendInvoiceEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the invoice as a PDF
         * @description An A4 document with the tenant’s company, address and tax id, the customer, number, issue and due dates, its state in words (`Due <date>`, `Paid`, `Refunded`, `Partially refunded`, `Void`, `Uncollectible`), every line with its service period, the totals, a link to pay online while something is due, and its credit notes and refunds. A draft is marked DRAFT. Saved as `<number>.pdf` (`<id>.pdf` for a draft).
         *
         *     Required scope: `invoices:read`.
         */
        get: operations["downloadInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start paying an invoice through a payment provider (or get its open checkout)
         * @description Required scope: `payments:write`.
         */
        post: operations["checkoutInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments, newest first; filters status, provider, customerId, invoiceId
         * @description Required scope: `payments:read`.
         */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment, with its refunds (oldest first) and provider notifications (oldest first)
         * @description Required scope: `payments:read`.
         */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a payment, in full or in part, through its provider (MANUAL payments: recorded only)
         * @description Refunds never exceed the captured amount, even concurrently: PENDING and SUCCEEDED refunds count. The refund is PENDING until the provider confirms it (MANUAL refunds succeed at once); a provider’s refusal is a 201 with the refund FAILED and its `failureReason`. When it succeeds the payment becomes PARTIALLY_REFUNDED or REFUNDED and `payment.refunded` is sent. Refunds never change the invoice; `createCreditNote` records a credit note for that.
         *
         *     Required scope: `payments:write`.
         */
        post: operations["refundPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}/sandbox/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a SANDBOX payment, as its checkout page's Pay button does
         * @description For payments of the SANDBOX provider, whose checkout was created. The sandbox completes its checkout and sends the platform its signed notification; the payment workflow then verifies it through the sandbox and the payment becomes SUCCEEDED and its invoice paid, with the usual events, usually within a second.
         *
         *     Required scope: `payments:write`.
         */
        post: operations["paySandboxPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}/sandbox/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a SANDBOX payment, as its checkout page's Decline button does
         * @description For payments of the SANDBOX provider, whose checkout was created. The sandbox completes its checkout and sends the platform its signed notification; the payment workflow then verifies it through the sandbox and the payment becomes FAILED (`declined`), with the usual events, usually within a second.
         *
         *     Required scope: `payments:write`.
         */
        post: operations["declineSandboxPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue and MRR per currency
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getRevenueAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscriptions by status, new, canceled, churn rate
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getSubscriptionAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customers: total, new, churned
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getCustomerAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment success rate and volume per currency
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getPaymentAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/mrr-breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MRR movements: new, expansion, contraction, churned, net new, by plan
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getMrrBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/net-revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gross invoiced, refunds, credit notes, net
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getNetRevenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/ltv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Average revenue per customer, lifespan and lifetime value, by plan
         * @description Money per currency, never summed across currencies; dates are whole UTC days. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getLifetimeValue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/churn-cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retention by month of first subscription
         * @description One cohort per month of the range. dateFrom must not be after dateTo, nor more than 3653 days (ten years) before it; either refused with 400 naming dateFrom. See docs/analytics.md.
         *
         *     Required scope: `analytics:read`.
         */
        get: operations["getChurnCohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer’s billing at a glance: live subscriptions, amounts due, wallet, next invoice
         * @description Required scope: `portal:read`.
         */
        get: operations["getPortalBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer’s subscriptions, newest first
         * @description Required scope: `portal:read`.
         */
        get: operations["listPortalSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer’s invoices, newest first
         * @description DRAFT invoices are never shown: a draft may still change.
         *
         *     Required scope: `portal:read`.
         */
        get: operations["listPortalInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer’s payments, newest first
         * @description Required scope: `portal:read`.
         */
        get: operations["listPortalPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/invoices/{invoiceId}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start paying one of the customer’s invoices (or get its open checkout)
         * @description As `POST /invoices/:id/checkout`, for an invoice of this customer only.
         *
         *     Required scope: `portal:write`.
         */
        post: operations["checkoutPortalInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/customers/{externalId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the hosted portal page for this customer, valid one hour
         * @description Send `url` to the customer (never put it in a page others see): whoever opens it sees and acts for this customer until `expiresAt`. Opening it exchanges the token for a session cookie.
         *
         *     Required scope: `portal:write`.
         */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Stripe notification (for the provider)
         * @description Called by the provider, not by API clients. Checked by `Stripe-Signature` (`t=`, `v1=` HMAC-SHA256 of `t.body` with the endpoint secret, 300 s tolerance), with the secret of the tenant whose payment the notification names. A known payment with a bad or missing signature is 401 and changes nothing; an unknown reference or an event received before is 200 with no effect; any other event of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: 6,000 requests per minute per client IP.
         */
        post: operations["receiveStripeNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/paystack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Paystack notification (for the provider)
         * @description Called by the provider, not by API clients. Checked by `x-paystack-signature` (hex HMAC-SHA512 of the body with the secret key), with the secret of the tenant whose payment the notification names. A known payment with a bad or missing signature is 401 and changes nothing; an unknown reference or an event received before is 200 with no effect; any other event of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: 6,000 requests per minute per client IP.
         */
        post: operations["receivePaystackNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/flutterwave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Flutterwave notification (for the provider)
         * @description Called by the provider, not by API clients. Checked by `verif-hash` equal to the configured secret hash; a success is re-verified through its API, with the secret of the tenant whose payment the notification names. A known payment with a bad or missing signature is 401 and changes nothing; an unknown reference or an event received before is 200 with no effect; any other event of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: 6,000 requests per minute per client IP.
         */
        post: operations["receiveFlutterwaveNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/mpesa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a M-Pesa notification (for the provider)
         * @description Called by the provider, not by API clients. Checked by the payment's secret `token` in the callback URL (Daraja signs nothing), then its STK query, with the secret of the tenant whose payment the notification names. A known payment with a bad or missing signature is 401 and changes nothing; an unknown reference or an event received before is 200 with no effect; any other event of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: 6,000 requests per minute per client IP. Query parameters other than `reference`, `token` and `refund` are ignored.
         */
        post: operations["receiveMpesaNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Sandbox notification (for the provider)
         * @description Called by the provider, not by API clients. Checked by `Sandbox-Signature` (`t=`, `v1=` HMAC-SHA256 of `t.body` with the webhook secret made when SANDBOX was configured, 300 s tolerance), then the sandbox API, with the secret of the tenant whose payment the notification names. A known payment with a bad or missing signature is 401 and changes nothing; an unknown reference or an event received before is 200 with no effect; any other event of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: 6,000 requests per minute per client IP.
         */
        post: operations["receiveSandboxNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "statusCode": 400,
         *       "message": "Validation failed: body.currency XYZ is not an ISO 4217 currency code",
         *       "error": "validation_failed",
         *       "details": [
         *         {
         *           "path": "body.currency",
         *           "message": "XYZ is not an ISO 4217 currency code"
         *         }
         *       ]
         *     }
         */
        Error: {
            statusCode: number;
            message: string;
            /** @description Stable snake_case code, e.g. customer_not_found */
            error: string;
            details?: components["schemas"]["ErrorDetail"][];
            /** @description Seconds to wait (429 only) */
            retryAfter?: number;
        };
        /**
         * @example {
         *       "path": "body.currency",
         *       "message": "XYZ is not an ISO 4217 currency code"
         *     }
         */
        ErrorDetail: {
            /** @description Where the problem is, e.g. body.currency or query.limit */
            path: string;
            message: string;
        };
        /**
         * @description Every outbound webhook. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event. One component per event type: PaymentSucceededWebhook, PaymentFailedWebhook, PaymentRefundedWebhook, PaymentRefundFailedWebhook, SubscriptionCreatedWebhook, SubscriptionRenewedWebhook, SubscriptionCanceledWebhook, SubscriptionPausedWebhook, SubscriptionResumedWebhook, SubscriptionPastDueWebhook, InvoiceCreatedWebhook, InvoicePaidWebhook, InvoiceVoidedWebhook, InvoiceGenerationFailedWebhook, WalletCreatedWebhook, WalletTerminatedWebhook, WalletTransactionCreatedWebhook, WalletLowBalanceWebhook, WalletDepletedWebhook, TestClockReadyWebhook.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.paid",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {}
         *     }
         */
        WebhookEnvelope: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /**
             * @description The event type (SPEC §6.2)
             * @example invoice.paid
             */
            event: string;
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            /** @description The affected record */
            data: {
                [key: string]: unknown;
            };
        };
        /**
         * @description `payment.succeeded`: sent when a payment was processed successfully. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "payment.succeeded",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "amount": 49.99,
         *         "currency": "USD",
         *         "provider": "MANUAL",
         *         "status": "SUCCEEDED"
         *       }
         *     }
         */
        PaymentSucceededWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "payment.succeeded";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["PaymentWebhookData"];
        };
        /**
         * @example {
         *       "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "amount": 49.99,
         *       "currency": "USD",
         *       "provider": "MANUAL",
         *       "status": "SUCCEEDED"
         *     }
         */
        PaymentWebhookData: {
            /** @example pay_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            invoiceId: string;
            /**
             * @description In major units of `currency`
             * @example 49.99
             */
            amount: number;
            /** @example USD */
            currency: string;
            provider: components["schemas"]["PaymentProviderName"];
            status: components["schemas"]["PaymentStatus"];
        };
        /**
         * @description MANUAL for invoices marked paid outside the platform
         * @example MANUAL
         * @enum {string}
         */
        PaymentProviderName: "STRIPE" | "PAYSTACK" | "FLUTTERWAVE" | "MPESA" | "SANDBOX" | "MANUAL";
        /**
         * @example SUCCEEDED
         * @enum {string}
         */
        PaymentStatus: "PENDING" | "SUCCEEDED" | "FAILED" | "REFUNDED" | "PARTIALLY_REFUNDED";
        /**
         * @description `payment.failed`: sent when a payment attempt failed. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "payment.failed",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "amount": 49.99,
         *         "currency": "USD",
         *         "provider": "MANUAL",
         *         "status": "SUCCEEDED"
         *       }
         *     }
         */
        PaymentFailedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "payment.failed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["PaymentWebhookData"];
        };
        /**
         * @description `payment.refunded`: sent when a refund of the payment succeeded. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "payment.refunded",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "amount": 49.99,
         *         "currency": "USD",
         *         "provider": "MANUAL",
         *         "status": "SUCCEEDED",
         *         "amountRefunded": 10,
         *         "refund": {
         *           "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 10
         *         }
         *       }
         *     }
         */
        PaymentRefundedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "payment.refunded";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["PaymentRefundedWebhookData"];
        };
        /**
         * @example {
         *       "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "amount": 49.99,
         *       "currency": "USD",
         *       "provider": "MANUAL",
         *       "status": "SUCCEEDED",
         *       "amountRefunded": 10,
         *       "refund": {
         *         "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "amount": 10
         *       }
         *     }
         */
        PaymentRefundedWebhookData: {
            /** @example pay_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            invoiceId: string;
            /**
             * @description In major units of `currency`
             * @example 49.99
             */
            amount: number;
            /** @example USD */
            currency: string;
            provider: components["schemas"]["PaymentProviderName"];
            status: components["schemas"]["PaymentStatus"];
            /**
             * @description All refunded so far, in major units
             * @example 10
             */
            amountRefunded: number;
            refund: {
                /** @example re_01JD7X3Q8K9V2N4M6P8R0S2T4W */
                id: string;
                /**
                 * @description This refund, in major units
                 * @example 10
                 */
                amount: number;
            };
        };
        /**
         * @description `payment.refund_failed`: sent when a refund that had succeeded failed at the provider after all: `amountRefunded` no longer counts it. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "payment.refund_failed",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "amount": 49.99,
         *         "currency": "USD",
         *         "provider": "MANUAL",
         *         "status": "SUCCEEDED",
         *         "amountRefunded": 10,
         *         "refund": {
         *           "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 10
         *         }
         *       }
         *     }
         */
        PaymentRefundFailedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "payment.refund_failed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["PaymentRefundedWebhookData"];
        };
        /**
         * @description `subscription.created`: sent when a subscription was created. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.created",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionCreatedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @example {
         *       "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "status": "ACTIVE",
         *       "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *       "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *       "trialStart": null,
         *       "trialEnd": null,
         *       "cancelAt": null,
         *       "canceledAt": null,
         *       "pausedAt": null,
         *       "pendingPlanId": null,
         *       "externalId": "crm-sub-7",
         *       "metadata": {
         *         "crmId": "S-7"
         *       },
         *       "billingError": null,
         *       "createdAt": "2026-01-01T00:00:00.000Z",
         *       "updatedAt": "2026-01-01T00:00:00.000Z"
         *     }
         */
        Subscription: {
            /** @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            id: string;
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            planId: string;
            /** @example USD */
            currency: string;
            status: components["schemas"]["SubscriptionStatus"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodEnd: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialEnd: string | null;
            /**
             * Format: date-time
             * @description Set by a cancel at period end: when the subscription will end
             * @example 2026-11-21T10:00:00.000Z
             */
            cancelAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            canceledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            pausedAt: string | null;
            /** @description A plan change waiting for the period end (a downgrade by default) */
            pendingPlanId: (string & unknown) | null;
            externalId: (string & unknown) | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @description null, or why a period’s invoice could not be issued (it waits for a retry) */
            billingError: components["schemas"]["SubscriptionBillingError"] | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description TRIALING (created with a trial), ACTIVE, PAUSED, PAST_DUE, CANCELED
         * @example ACTIVE
         * @enum {string}
         */
        SubscriptionStatus: "TRIALING" | "ACTIVE" | "PAUSED" | "PAST_DUE" | "CANCELED";
        /**
         * @description A period’s invoice could not be issued and waits for `POST /subscriptions/{id}/retry-billing`. Only the newest failure shows; a retry issues every waiting invoice. Later periods are billed as usual meanwhile.
         * @example {
         *       "code": "amount_out_of_range",
         *       "message": "An amount of 10000000000000 minor units of USD is beyond the money maximum of 99999999999.99",
         *       "periodStart": "2026-01-01T00:00:00.000Z",
         *       "periodEnd": "2026-02-01T00:00:00.000Z",
         *       "occurredAt": "2026-02-01T00:00:00.000Z"
         *     }
         */
        SubscriptionBillingError: {
            /**
             * @description `amount_out_of_range`: the period’s usage priced beyond the largest amount an invoice can hold
             * @enum {string}
             */
            code: "amount_out_of_range";
            /** @description What went wrong, for people */
            message: string;
            /**
             * Format: date-time
             * @description The billing period whose invoice could not be issued
             * @example 2026-11-21T10:00:00.000Z
             */
            periodStart: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            periodEnd: string;
            /**
             * Format: date-time
             * @description When the invoice failed
             * @example 2026-11-21T10:00:00.000Z
             */
            occurredAt: string;
        };
        /**
         * @description `subscription.renewed`: sent when a subscription was renewed. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.renewed",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionRenewedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.renewed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @description `subscription.canceled`: sent when a subscription was canceled. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.canceled",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionCanceledWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.canceled";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @description `subscription.paused`: sent when a subscription was paused. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.paused",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionPausedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.paused";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @description `subscription.resumed`: sent when a subscription was resumed. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.resumed",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionResumedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.resumed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @description `subscription.past_due`: sent when a subscription became past due. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "subscription.past_due",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "status": "ACTIVE",
         *         "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *         "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *         "trialStart": null,
         *         "trialEnd": null,
         *         "cancelAt": null,
         *         "canceledAt": null,
         *         "pausedAt": null,
         *         "pendingPlanId": null,
         *         "externalId": "crm-sub-7",
         *         "metadata": {
         *           "crmId": "S-7"
         *         },
         *         "billingError": null,
         *         "createdAt": "2026-01-01T00:00:00.000Z",
         *         "updatedAt": "2026-01-01T00:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionPastDueWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "subscription.past_due";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Subscription"];
        };
        /**
         * @description `invoice.created`: sent when an invoice was generated. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.created",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "number": "INV-2026-000001",
         *         "status": "OPEN",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "lines": [
         *           {
         *             "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "type": "SUBSCRIPTION",
         *             "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *             "quantity": 1,
         *             "unitAmount": 30,
         *             "amount": 30,
         *             "periodStart": "2026-01-01T00:00:00.000Z",
         *             "periodEnd": "2026-02-01T00:00:00.000Z"
         *           }
         *         ],
         *         "subtotal": 30,
         *         "discount": 6,
         *         "discounts": [
         *           {
         *             "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "code": "WELCOME20",
         *             "amount": 6
         *           }
         *         ],
         *         "tax": 0,
         *         "total": 24,
         *         "amountCredited": 0,
         *         "prepaidCreditAmount": 0,
         *         "amountPaid": 0,
         *         "amountDue": 24,
         *         "issuedAt": "2026-11-21T10:00:00.000Z",
         *         "dueDate": "2026-11-21T10:00:00.000Z",
         *         "paidAt": "2026-11-21T10:00:00.000Z",
         *         "voidedAt": "2026-11-21T10:00:00.000Z",
         *         "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        InvoiceCreatedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "invoice.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Invoice"];
        };
        /**
         * @example {
         *       "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "number": "INV-2026-000001",
         *       "status": "OPEN",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "lines": [
         *         {
         *           "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "type": "SUBSCRIPTION",
         *           "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *           "quantity": 1,
         *           "unitAmount": 30,
         *           "amount": 30,
         *           "periodStart": "2026-01-01T00:00:00.000Z",
         *           "periodEnd": "2026-02-01T00:00:00.000Z"
         *         }
         *       ],
         *       "subtotal": 30,
         *       "discount": 6,
         *       "discounts": [
         *         {
         *           "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "code": "WELCOME20",
         *           "amount": 6
         *         }
         *       ],
         *       "tax": 0,
         *       "total": 24,
         *       "amountCredited": 0,
         *       "prepaidCreditAmount": 0,
         *       "amountPaid": 0,
         *       "amountDue": 24,
         *       "issuedAt": "2026-11-21T10:00:00.000Z",
         *       "dueDate": "2026-11-21T10:00:00.000Z",
         *       "paidAt": "2026-11-21T10:00:00.000Z",
         *       "voidedAt": "2026-11-21T10:00:00.000Z",
         *       "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *       "metadata": {
         *         "crmId": "A-1042"
         *       },
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Invoice: {
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /**
             * @description `<invoicePrefix>-<YYYY>-<sequence>`, assigned at finalize; null on a DRAFT
             * @example INV-2026-000001
             */
            number: (string & unknown) | null;
            status: components["schemas"]["InvoiceStatus"];
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /** @example sub_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            subscriptionId: string | null;
            /** @example USD */
            currency: string;
            lines: components["schemas"]["InvoiceLine"][];
            /**
             * @description The sum of the lines, exactly
             * @example 30
             */
            subtotal: number;
            /**
             * @description Applied coupons' discounts on the subscription lines, never more than they sum to
             * @example 6
             */
            discount: number;
            /**
             * @description The breakdown of `discount`: one entry per coupon that took something off this invoice, in the order they were applied; their amounts sum exactly to `discount` (add them in minor units). Empty when `discount` is 0 (manual invoices, or no coupon applied)
             * @example [
             *       {
             *         "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
             *         "code": "WELCOME20",
             *         "amount": 6
             *       }
             *     ]
             */
            discounts: components["schemas"]["InvoiceDiscount"][];
            /**
             * @description In major units of the invoice currency
             * @example 0
             */
            tax: number;
            /**
             * @description subtotal − discount + tax; negative only for a proration that credits more than it charges
             * @example 24
             */
            total: number;
            /**
             * @description Credit notes and customer credit applied
             * @example 0
             */
            amountCredited: number;
            /**
             * @description What wallet credits paid at finalize, after customer credit; 0 on credit-purchase invoices
             * @example 0
             */
            prepaidCreditAmount: number;
            /**
             * @description In major units of the invoice currency
             * @example 0
             */
            amountPaid: number;
            /**
             * @description total − amountCredited − prepaidCreditAmount − amountPaid, never below 0
             * @example 24
             */
            amountDue: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            issuedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            dueDate: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            voidedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            finalizeAfter: string | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description DRAFT → finalize → OPEN → mark-paid → PAID; DRAFT or OPEN → void → VOIDED; OPEN → dunning → UNCOLLECTIBLE (still payable: mark-paid, checkout, void)
         * @example OPEN
         * @enum {string}
         */
        InvoiceStatus: "DRAFT" | "OPEN" | "PAID" | "VOIDED" | "UNCOLLECTIBLE";
        /**
         * @example {
         *       "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "type": "SUBSCRIPTION",
         *       "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *       "quantity": 1,
         *       "unitAmount": 30,
         *       "amount": 30,
         *       "periodStart": "2026-01-01T00:00:00.000Z",
         *       "periodEnd": "2026-02-01T00:00:00.000Z"
         *     }
         */
        InvoiceLine: {
            /** @example il_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            type: components["schemas"]["InvoiceLineType"];
            /** @example Pro plan (Jan 1 – Feb 1, 2026) */
            description: string;
            /** @example 1 */
            quantity: number;
            /**
             * @description Exact unit price in major units (up to 12 decimals)
             * @example 30
             */
            unitAmount: number;
            /**
             * @description quantity × unitAmount, rounded once to the currency (half away from zero)
             * @example 30
             */
            amount: number;
            /**
             * Format: date-time
             * @description Start of the period the line bills; absent on a line that bills none (MANUAL, ADD_ON)
             * @example 2026-01-01T00:00:00.000Z
             */
            periodStart?: string;
            /**
             * Format: date-time
             * @description End of the period the line bills; absent with periodStart
             * @example 2026-02-01T00:00:00.000Z
             */
            periodEnd?: string;
        };
        /**
         * @example SUBSCRIPTION
         * @enum {string}
         */
        InvoiceLineType: "SUBSCRIPTION" | "PRORATION" | "USAGE" | "ADD_ON" | "CREDIT" | "MANUAL";
        /**
         * @description One applied coupon's share of the invoice's `discount`
         * @example {
         *       "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "code": "WELCOME20",
         *       "amount": 6
         *     }
         */
        InvoiceDiscount: {
            /** @example cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            couponId: string;
            /**
             * @description The coupon's code when it discounted the invoice
             * @example WELCOME20
             */
            code: string;
            /**
             * @description What this coupon took off the SUBSCRIPTION lines
             * @example 6
             */
            amount: number;
        };
        /**
         * @description `invoice.paid`: sent when an invoice was paid. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.paid",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "number": "INV-2026-000001",
         *         "status": "OPEN",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "lines": [
         *           {
         *             "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "type": "SUBSCRIPTION",
         *             "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *             "quantity": 1,
         *             "unitAmount": 30,
         *             "amount": 30,
         *             "periodStart": "2026-01-01T00:00:00.000Z",
         *             "periodEnd": "2026-02-01T00:00:00.000Z"
         *           }
         *         ],
         *         "subtotal": 30,
         *         "discount": 6,
         *         "discounts": [
         *           {
         *             "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "code": "WELCOME20",
         *             "amount": 6
         *           }
         *         ],
         *         "tax": 0,
         *         "total": 24,
         *         "amountCredited": 0,
         *         "prepaidCreditAmount": 0,
         *         "amountPaid": 0,
         *         "amountDue": 24,
         *         "issuedAt": "2026-11-21T10:00:00.000Z",
         *         "dueDate": "2026-11-21T10:00:00.000Z",
         *         "paidAt": "2026-11-21T10:00:00.000Z",
         *         "voidedAt": "2026-11-21T10:00:00.000Z",
         *         "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        InvoicePaidWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "invoice.paid";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Invoice"];
        };
        /**
         * @description `invoice.voided`: sent when an invoice was voided. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.voided",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "number": "INV-2026-000001",
         *         "status": "OPEN",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "currency": "USD",
         *         "lines": [
         *           {
         *             "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "type": "SUBSCRIPTION",
         *             "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *             "quantity": 1,
         *             "unitAmount": 30,
         *             "amount": 30,
         *             "periodStart": "2026-01-01T00:00:00.000Z",
         *             "periodEnd": "2026-02-01T00:00:00.000Z"
         *           }
         *         ],
         *         "subtotal": 30,
         *         "discount": 6,
         *         "discounts": [
         *           {
         *             "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "code": "WELCOME20",
         *             "amount": 6
         *           }
         *         ],
         *         "tax": 0,
         *         "total": 24,
         *         "amountCredited": 0,
         *         "prepaidCreditAmount": 0,
         *         "amountPaid": 0,
         *         "amountDue": 24,
         *         "issuedAt": "2026-11-21T10:00:00.000Z",
         *         "dueDate": "2026-11-21T10:00:00.000Z",
         *         "paidAt": "2026-11-21T10:00:00.000Z",
         *         "voidedAt": "2026-11-21T10:00:00.000Z",
         *         "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        InvoiceVoidedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "invoice.voided";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Invoice"];
        };
        /**
         * @description `invoice.generation_failed`: sent when a period’s invoice could not be issued (its usage priced beyond the money maximum) and waits for a retry. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.generation_failed",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "code": "amount_out_of_range",
         *         "message": "string",
         *         "periodStart": "2026-11-21T10:00:00.000Z",
         *         "periodEnd": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        InvoiceGenerationFailedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "invoice.generation_failed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["InvoiceGenerationFailedWebhookData"];
        };
        /**
         * @description The subscription now shows this as `billingError`; `POST /subscriptions/{id}/retry-billing` issues the invoice again (`invoice.created` follows when it succeeds)
         * @example {
         *       "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "code": "amount_out_of_range",
         *       "message": "string",
         *       "periodStart": "2026-11-21T10:00:00.000Z",
         *       "periodEnd": "2026-11-21T10:00:00.000Z"
         *     }
         */
        InvoiceGenerationFailedWebhookData: {
            /** @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            subscriptionId: string;
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /**
             * @description `amount_out_of_range`: the period’s usage priced beyond the largest amount an invoice can hold
             * @enum {string}
             */
            code: "amount_out_of_range";
            /** @description What went wrong, for people */
            message: string;
            /**
             * Format: date-time
             * @description The billing period whose invoice could not be issued
             * @example 2026-11-21T10:00:00.000Z
             */
            periodStart: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            periodEnd: string;
        };
        /**
         * @description `wallet.created`: sent when a wallet was created. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "wallet.created",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Prepaid credits",
         *         "currency": "USD",
         *         "rateAmount": 1,
         *         "status": "ACTIVE",
         *         "creditsBalance": 100,
         *         "balance": 100,
         *         "consumedCredits": 0,
         *         "expirationAt": "2026-11-21T10:00:00.000Z",
         *         "invoiceRequiresSuccessfulPayment": false,
         *         "lowBalanceThresholdCredits": null,
         *         "recurringTopUps": [
         *           {
         *             "trigger": "THRESHOLD",
         *             "interval": null,
         *             "thresholdCredits": 10,
         *             "method": "FIXED",
         *             "paidCredits": 50,
         *             "grantedCredits": null,
         *             "targetCredits": null
         *           }
         *         ],
         *         "terminatedAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        WalletCreatedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "wallet.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["WalletWebhookData"];
        };
        /**
         * @example {
         *       "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Prepaid credits",
         *       "currency": "USD",
         *       "rateAmount": 1,
         *       "status": "ACTIVE",
         *       "creditsBalance": 100,
         *       "balance": 100,
         *       "consumedCredits": 0,
         *       "expirationAt": "2026-11-21T10:00:00.000Z",
         *       "invoiceRequiresSuccessfulPayment": false,
         *       "lowBalanceThresholdCredits": null,
         *       "recurringTopUps": [
         *         {
         *           "trigger": "THRESHOLD",
         *           "interval": null,
         *           "thresholdCredits": 10,
         *           "method": "FIXED",
         *           "paidCredits": 50,
         *           "grantedCredits": null,
         *           "targetCredits": null
         *         }
         *       ],
         *       "terminatedAt": "2026-11-21T10:00:00.000Z",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        WalletWebhookData: {
            /** @example wal_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /** @example Prepaid credits */
            name: (string & unknown) | null;
            /** @example USD */
            currency: string;
            /**
             * @description The value of one credit, in major units of the currency
             * @example 1
             */
            rateAmount: number;
            status: components["schemas"]["WalletStatus"];
            /**
             * @description Settled credits held, up to 5 decimals
             * @example 100
             */
            creditsBalance: number;
            /**
             * @description creditsBalance × rateAmount, rounded once, in major units
             * @example 100
             */
            balance: number;
            /**
             * @description Credits invoices have used
             * @example 0
             */
            consumedCredits: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expirationAt: string | null;
            /** @example false */
            invoiceRequiresSuccessfulPayment: boolean;
            /** @example null */
            lowBalanceThresholdCredits: number | null;
            recurringTopUps: components["schemas"]["RecurringTopUp"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            terminatedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description ACTIVE holds and spends credits; TERMINATED (deleted or expired) holds none
         * @example ACTIVE
         * @enum {string}
         */
        WalletStatus: "ACTIVE" | "TERMINATED";
        /**
         * @description A rule that tops the wallet up by itself
         * @example {
         *       "trigger": "THRESHOLD",
         *       "interval": null,
         *       "thresholdCredits": 10,
         *       "method": "FIXED",
         *       "paidCredits": 50,
         *       "grantedCredits": null,
         *       "targetCredits": null
         *     }
         */
        RecurringTopUp: {
            trigger: components["schemas"]["TopUpTrigger"];
            /**
             * @description For an INTERVAL rule: how often it fires, on the customer’s calendar (the anchor day kept)
             * @example MONTHLY
             * @enum {string|null}
             */
            interval: "MONTHLY" | "QUARTERLY" | "YEARLY" | "WEEKLY" | null;
            /**
             * @description For a THRESHOLD rule: the ongoing credits at or below which it fires; up to 5 decimals
             * @example 10
             */
            thresholdCredits: number | null;
            method: components["schemas"]["TopUpMethod"];
            /**
             * @description For FIXED: credits bought on a credit-purchase invoice at each firing; up to 5 decimals
             * @example 50
             */
            paidCredits: number | null;
            /**
             * @description For FIXED: credits granted free at each firing; up to 5 decimals
             * @example 0
             */
            grantedCredits: number | null;
            /**
             * @description For TARGET: the ongoing credits a firing buys up to; up to 5 decimals
             * @example 100
             */
            targetCredits: number | null;
        };
        /**
         * @description INTERVAL: one `interval` after the wallet’s creation and every interval after; THRESHOLD: each time the ongoing credits fall to `thresholdCredits` or below
         * @example THRESHOLD
         * @enum {string}
         */
        TopUpTrigger: "INTERVAL" | "THRESHOLD";
        /**
         * @description FIXED adds `paidCredits` and `grantedCredits`; TARGET buys paid credits up to `targetCredits` of ongoing credits
         * @example FIXED
         * @enum {string}
         */
        TopUpMethod: "FIXED" | "TARGET";
        /**
         * @description `wallet.terminated`: sent when a wallet was deleted or expired; its remaining credits voided. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "wallet.terminated",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Prepaid credits",
         *         "currency": "USD",
         *         "rateAmount": 1,
         *         "status": "ACTIVE",
         *         "creditsBalance": 100,
         *         "balance": 100,
         *         "consumedCredits": 0,
         *         "expirationAt": "2026-11-21T10:00:00.000Z",
         *         "invoiceRequiresSuccessfulPayment": false,
         *         "lowBalanceThresholdCredits": null,
         *         "recurringTopUps": [
         *           {
         *             "trigger": "THRESHOLD",
         *             "interval": null,
         *             "thresholdCredits": 10,
         *             "method": "FIXED",
         *             "paidCredits": 50,
         *             "grantedCredits": null,
         *             "targetCredits": null
         *           }
         *         ],
         *         "terminatedAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        WalletTerminatedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "wallet.terminated";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["WalletWebhookData"];
        };
        /**
         * @description `wallet.transaction.created`: sent when credits were granted, bought, voided, used by an invoice or given back by its void. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "wallet.transaction.created",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "walletId": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "transactionType": "INBOUND",
         *         "status": "SETTLED",
         *         "source": "GRANT",
         *         "creditAmount": 100,
         *         "amount": 100,
         *         "currency": "USD",
         *         "invoiceId": null,
         *         "trigger": "MANUAL",
         *         "name": null,
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "settledAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        WalletTransactionCreatedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "wallet.transaction.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["WalletTransaction"];
        };
        /**
         * @example {
         *       "id": "wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "walletId": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "transactionType": "INBOUND",
         *       "status": "SETTLED",
         *       "source": "GRANT",
         *       "creditAmount": 100,
         *       "amount": 100,
         *       "currency": "USD",
         *       "invoiceId": null,
         *       "trigger": "MANUAL",
         *       "name": null,
         *       "metadata": {
         *         "crmId": "A-1042"
         *       },
         *       "settledAt": "2026-11-21T10:00:00.000Z",
         *       "createdAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        WalletTransaction: {
            /** @example wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example wal_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            walletId: string;
            transactionType: components["schemas"]["WalletTransactionType"];
            status: components["schemas"]["WalletTransactionStatus"];
            source: components["schemas"]["WalletTransactionSource"];
            /**
             * @description Credits, up to 5 decimals
             * @example 100
             */
            creditAmount: number;
            /**
             * @description Their value in major units: credits × rate, rounded once
             * @example 100
             */
            amount: number;
            /** @example USD */
            currency: string;
            /** @example null */
            invoiceId: (string & unknown) | null;
            trigger: components["schemas"]["WalletTransactionTrigger"];
            /** @example null */
            name: (string & unknown) | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            settledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description INBOUND adds credits, OUTBOUND takes them
         * @example INBOUND
         * @enum {string}
         */
        WalletTransactionType: "INBOUND" | "OUTBOUND";
        /**
         * @description SETTLED counts in the balance; PENDING waits for its purchase invoice to be paid; FAILED never will
         * @example SETTLED
         * @enum {string}
         */
        WalletTransactionStatus: "PENDING" | "SETTLED" | "FAILED";
        /**
         * @description What made it: a purchase, a grant, a void, an invoice, an invoice void, expiry or termination
         * @example GRANT
         * @enum {string}
         */
        WalletTransactionSource: "PURCHASE" | "GRANT" | "VOID" | "INVOICE" | "INVOICE_VOID" | "EXPIRATION" | "TERMINATION";
        /**
         * @description Who started it
         * @example MANUAL
         * @enum {string}
         */
        WalletTransactionTrigger: "MANUAL" | "INTERVAL" | "THRESHOLD";
        /**
         * @description `wallet.low_balance`: sent when the ongoing credits fell to `lowBalanceThresholdCredits` or below (once per crossing; again only after they rose back above); the wallet with its ongoing balance as checked. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "wallet.low_balance",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Prepaid credits",
         *         "currency": "USD",
         *         "rateAmount": 1,
         *         "status": "ACTIVE",
         *         "creditsBalance": 100,
         *         "balance": 100,
         *         "consumedCredits": 0,
         *         "ongoingBalance": 87.5,
         *         "ongoingCreditsBalance": 87.5,
         *         "expirationAt": "2026-11-21T10:00:00.000Z",
         *         "invoiceRequiresSuccessfulPayment": false,
         *         "lowBalanceThresholdCredits": null,
         *         "recurringTopUps": [
         *           {
         *             "trigger": "THRESHOLD",
         *             "interval": null,
         *             "thresholdCredits": 10,
         *             "method": "FIXED",
         *             "paidCredits": 50,
         *             "grantedCredits": null,
         *             "targetCredits": null
         *           }
         *         ],
         *         "terminatedAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        WalletLowBalanceWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "wallet.low_balance";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Wallet"];
        };
        /**
         * @example {
         *       "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Prepaid credits",
         *       "currency": "USD",
         *       "rateAmount": 1,
         *       "status": "ACTIVE",
         *       "creditsBalance": 100,
         *       "balance": 100,
         *       "consumedCredits": 0,
         *       "ongoingBalance": 87.5,
         *       "ongoingCreditsBalance": 87.5,
         *       "expirationAt": "2026-11-21T10:00:00.000Z",
         *       "invoiceRequiresSuccessfulPayment": false,
         *       "lowBalanceThresholdCredits": null,
         *       "recurringTopUps": [
         *         {
         *           "trigger": "THRESHOLD",
         *           "interval": null,
         *           "thresholdCredits": 10,
         *           "method": "FIXED",
         *           "paidCredits": 50,
         *           "grantedCredits": null,
         *           "targetCredits": null
         *         }
         *       ],
         *       "terminatedAt": "2026-11-21T10:00:00.000Z",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Wallet: {
            /** @example wal_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /** @example Prepaid credits */
            name: (string & unknown) | null;
            /** @example USD */
            currency: string;
            /**
             * @description The value of one credit, in major units of the currency
             * @example 1
             */
            rateAmount: number;
            status: components["schemas"]["WalletStatus"];
            /**
             * @description Settled credits held, up to 5 decimals
             * @example 100
             */
            creditsBalance: number;
            /**
             * @description creditsBalance × rateAmount, rounded once, in major units
             * @example 100
             */
            balance: number;
            /**
             * @description Credits invoices have used
             * @example 0
             */
            consumedCredits: number;
            /**
             * @description balance less what the customer’s live subscriptions in the wallet’s currency have used so far and not yet been invoiced for (their usage `amount`, base fees not included), exact at this read; may be below 0
             * @example 87.5
             */
            ongoingBalance: number;
            /**
             * @description creditsBalance less the credits that usage will consume (amount / rate, rounded up)
             * @example 87.5
             */
            ongoingCreditsBalance: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expirationAt: string | null;
            /** @example false */
            invoiceRequiresSuccessfulPayment: boolean;
            /** @example null */
            lowBalanceThresholdCredits: number | null;
            recurringTopUps: components["schemas"]["RecurringTopUp"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            terminatedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description `wallet.depleted`: sent when the ongoing balance fell to 0 or below (once per crossing; again only after it rose back above); the wallet with its ongoing balance as checked. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "wallet.depleted",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Prepaid credits",
         *         "currency": "USD",
         *         "rateAmount": 1,
         *         "status": "ACTIVE",
         *         "creditsBalance": 100,
         *         "balance": 100,
         *         "consumedCredits": 0,
         *         "ongoingBalance": 87.5,
         *         "ongoingCreditsBalance": 87.5,
         *         "expirationAt": "2026-11-21T10:00:00.000Z",
         *         "invoiceRequiresSuccessfulPayment": false,
         *         "lowBalanceThresholdCredits": null,
         *         "recurringTopUps": [
         *           {
         *             "trigger": "THRESHOLD",
         *             "interval": null,
         *             "thresholdCredits": 10,
         *             "method": "FIXED",
         *             "paidCredits": 50,
         *             "grantedCredits": null,
         *             "targetCredits": null
         *           }
         *         ],
         *         "terminatedAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        WalletDepletedWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "wallet.depleted";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["Wallet"];
        };
        /**
         * @description `test_clock.ready`: sent when a test clock’s advance is done: every workflow of its customers ran what was due up to its new time. POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 min, 30 min, 2 h and 24 h after the event.
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "test_clock.ready",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Annual renewal test",
         *         "frozenTime": "2027-01-01T00:00:00.000Z",
         *         "status": "READY",
         *         "customerCount": 1,
         *         "createdAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        TestClockReadyWebhook: {
            /**
             * @description The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            /** @enum {string} */
            event: "test_clock.ready";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            /**
             * @description Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. Every other event has no such key.
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: string;
            data: components["schemas"]["TestClock"];
        };
        /**
         * @example {
         *       "id": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Annual renewal test",
         *       "frozenTime": "2027-01-01T00:00:00.000Z",
         *       "status": "READY",
         *       "customerCount": 1,
         *       "createdAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        TestClock: {
            /** @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example Annual renewal test */
            name: (string & unknown) | null;
            /**
             * Format: date-time
             * @description The clock’s time; while ADVANCING, the time it is advancing to
             * @example 2027-01-01T00:00:00.000Z
             */
            frozenTime: string;
            status: components["schemas"]["TestClockStatus"];
            /**
             * @description Customers attached to the clock
             * @example 1
             */
            customerCount: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description READY: at rest at `frozenTime`; ADVANCING: its customers’ workflows are catching up to `frozenTime`
         * @example READY
         * @enum {string}
         */
        TestClockStatus: "READY" | "ADVANCING";
        /**
         * @example {
         *       "status": "ok",
         *       "checks": {
         *         "database": "ok",
         *         "temporal": "ok"
         *       },
         *       "statusCode": 0,
         *       "error": "string",
         *       "message": "string"
         *     }
         */
        Health: {
            status: "ok" | "error";
            checks: {
                database: "ok" | "error";
                temporal: "ok" | "error";
            };
            /** @description 503 when a dependency is down */
            statusCode?: number;
            error?: string;
            /** @description Names the failed checks */
            message?: string;
        };
        /**
         * @example {
         *       "accessToken": "string",
         *       "refreshToken": "string",
         *       "apiKey": "string",
         *       "tenant": {
         *         "id": "string",
         *         "name": "string",
         *         "companyName": "string",
         *         "slug": "string",
         *         "email": "string",
         *         "isActive": true,
         *         "createdAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        Registration: {
            /** @description JWT (`typ: access`), 3600 s; for /tenants routes */
            accessToken: string;
            /** @description JWT (`typ: refresh`), 30 days, single use: POST /auth/refresh */
            refreshToken: string;
            /** @description Value of the "Default" key with every scope; never shown again */
            apiKey: string;
            tenant: components["schemas"]["Tenant"];
        };
        /**
         * @example {
         *       "id": "string",
         *       "name": "string",
         *       "companyName": "string",
         *       "slug": "string",
         *       "email": "string",
         *       "isActive": true,
         *       "createdAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Tenant: {
            /** @description Tenant id (`ten_` + ULID) */
            id: string;
            /** @description Name of the person who registered the tenant (its owner) */
            name: string;
            companyName: string;
            /** @description From companyName: lower case, other characters as `-`; made unique with `-2`, `-3`, ... */
            slug: string;
            /** @description Login e-mail, as registered; unique regardless of case */
            email: string;
            /** @description An inactive tenant cannot log in and its credentials are refused */
            isActive: boolean;
            /** @description Receives outbound events; null when unset */
            webhookUrl: (string & unknown) | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "name": "Ada Owner",
         *       "email": "owner@example.com",
         *       "password": "correct horse battery staple",
         *       "companyName": "Acme GmbH"
         *     }
         */
        RegisterRequest: {
            /**
             * @description Name of the person registering
             * @example Ada Owner
             */
            name: string & unknown;
            /**
             * Format: email
             * @description Login e-mail; compared case-insensitively
             */
            email: string;
            /**
             * @description 8 to 128 characters
             * @example correct horse battery staple
             */
            password: string;
            /**
             * @description Company name; the slug is made from it
             * @example Acme GmbH
             */
            companyName: string & unknown;
        };
        /**
         * @example {
         *       "accessToken": "string",
         *       "refreshToken": "string",
         *       "tenant": {
         *         "id": "string",
         *         "name": "string",
         *         "companyName": "string",
         *         "slug": "string",
         *         "email": "string",
         *         "isActive": true,
         *         "createdAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        Login: {
            /** @description JWT (`typ: access`), 3600 s; for /tenants routes */
            accessToken: string;
            /** @description JWT (`typ: refresh`), 30 days, single use: POST /auth/refresh */
            refreshToken: string;
            tenant: components["schemas"]["Tenant"];
        };
        /**
         * @example {
         *       "email": "owner@example.com",
         *       "password": "string"
         *     }
         */
        LoginRequest: {
            /**
             * Format: email
             * @description Login e-mail; compared case-insensitively
             */
            email: string;
            password: string;
        };
        /**
         * @example {
         *       "accessToken": "string",
         *       "refreshToken": "string"
         *     }
         */
        TokenPair: {
            /** @description JWT (`typ: access`), 3600 s; for /tenants routes */
            accessToken: string;
            /** @description JWT (`typ: refresh`), 30 days, single use: POST /auth/refresh */
            refreshToken: string;
        };
        /**
         * @example {
         *       "refreshToken": "string"
         *     }
         */
        RefreshRequest: {
            /** @description A refresh token from register, login or a previous refresh; single use */
            refreshToken: string;
        };
        /**
         * @example {
         *       "message": "string"
         *     }
         */
        Message: {
            message: string;
        };
        /**
         * @example {
         *       "email": "owner@example.com"
         *     }
         */
        ForgotPasswordRequest: {
            /**
             * Format: email
             * @description Login e-mail; compared case-insensitively
             */
            email: string;
        };
        /**
         * @example {
         *       "token": "string",
         *       "newPassword": "correct horse battery staple"
         *     }
         */
        ResetPasswordRequest: {
            /** @description The reset token from the e-mailed link; single use, 1 hour */
            token: string;
            /**
             * @description 8 to 128 characters
             * @example correct horse battery staple
             */
            newPassword: string;
        };
        /**
         * @example {
         *       "id": "string",
         *       "name": "string",
         *       "companyName": "string",
         *       "slug": "string",
         *       "email": "string",
         *       "isActive": true,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "smtp": {
         *         "host": "string",
         *         "port": 1,
         *         "secure": true,
         *         "from": "string",
         *         "passwordSet": true
         *       },
         *       "settings": {
         *         "timezone": "string",
         *         "invoicePrefix": "ACME",
         *         "netPaymentTerms": 0,
         *         "invoiceGracePeriodDays": 0,
         *         "dunning": {
         *           "reminderDays": [
         *             1
         *           ],
         *           "uncollectibleAfterDays": 1,
         *           "cancelSubscription": true
         *         },
         *         "portal": {
         *           "allowCancel": true,
         *           "allowPlanChange": true,
         *           "allowTopUp": true,
         *           "planIds": [
         *             "string"
         *           ]
         *         }
         *       },
         *       "address": {
         *         "line1": "Torstraße 140",
         *         "line2": "3rd floor",
         *         "city": "Berlin",
         *         "postalCode": "10119",
         *         "state": null,
         *         "country": "DE"
         *       },
         *       "taxId": "DE123456789",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        TenantDetails: {
            /** @description Tenant id (`ten_` + ULID) */
            id: string;
            /** @description Name of the person who registered the tenant (its owner) */
            name: string;
            companyName: string;
            /** @description From companyName: lower case, other characters as `-`; made unique with `-2`, `-3`, ... */
            slug: string;
            /** @description Login e-mail, as registered; unique regardless of case */
            email: string;
            /** @description An inactive tenant cannot log in and its credentials are refused */
            isActive: boolean;
            /** @description Receives outbound events; null when unset */
            webhookUrl: (string & unknown) | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Standard Webhooks secret that signs outbound webhooks */
            webhookSigningSecret: string & unknown;
            /** @description The tenant’s own SMTP server, if any */
            smtp: components["schemas"]["SmtpSettings"] | null;
            settings: components["schemas"]["TenantSettings"];
            /** @description Postal address printed on invoice PDFs; null until set */
            address: components["schemas"]["TenantAddress"] | null;
            /**
             * @description Tax id printed with the seller on invoice and credit-note PDFs (VAT number, EIN, GST number, ...)
             * @example DE123456789
             */
            taxId: (string & unknown) | null;
            /**
             * Format: date-time
             * @description Last change of the profile or settings
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "host": "string",
         *       "port": 1,
         *       "secure": true,
         *       "from": "string",
         *       "passwordSet": true
         *     }
         */
        SmtpSettings: {
            host: string;
            port: number;
            /** @description TLS from the first byte (port 465); false upgrades with STARTTLS */
            secure: boolean;
            user: (string & unknown) | null;
            /** @description Sender of the tenant’s e-mails */
            from: string;
            /** @description Whether a password is stored; the password itself is never shown */
            passwordSet: boolean;
        };
        /**
         * @example {
         *       "timezone": "string",
         *       "invoicePrefix": "ACME",
         *       "netPaymentTerms": 0,
         *       "invoiceGracePeriodDays": 0,
         *       "dunning": {
         *         "reminderDays": [
         *           1
         *         ],
         *         "uncollectibleAfterDays": 1,
         *         "cancelSubscription": true
         *       },
         *       "portal": {
         *         "allowCancel": true,
         *         "allowPlanChange": true,
         *         "allowTopUp": true,
         *         "planIds": [
         *           "string"
         *         ]
         *       }
         *     }
         */
        TenantSettings: {
            /** @description IANA time zone, default UTC */
            timezone: string;
            /**
             * @description Invoice number prefix, default INV
             * @example ACME
             */
            invoicePrefix: string;
            /** @description Days to pay an invoice, default 30 */
            netPaymentTerms: number;
            /** @description Days an invoice stays a draft before it is finalised, default 0 */
            invoiceGracePeriodDays: number;
            dunning: components["schemas"]["DunningSettings"];
            portal: components["schemas"]["PortalSettings"];
        };
        /**
         * @description Collection of unpaid invoices (reminders and write-off); days are 24-hour days after the due date
         * @example {
         *       "reminderDays": [
         *         1
         *       ],
         *       "uncollectibleAfterDays": 1,
         *       "cancelSubscription": true
         *     }
         */
        DunningSettings: {
            /** @description Days after the due date on which a reminder e-mail goes out (up to 10 distinct), default [1, 3, 7] */
            reminderDays: number[];
            /** @description Days after the due date when an unpaid invoice becomes UNCOLLECTIBLE, default 30 */
            uncollectibleAfterDays: number;
            /** @description Cancel the subscription (at once, no credit) when its invoice becomes UNCOLLECTIBLE, default false */
            cancelSubscription: boolean;
        };
        /**
         * @description What customers may do on the hosted portal page besides paying an open invoice (always allowed)
         * @example {
         *       "allowCancel": true,
         *       "allowPlanChange": true,
         *       "allowTopUp": true,
         *       "planIds": [
         *         "string"
         *       ]
         *     }
         */
        PortalSettings: {
            /** @description Customers may cancel a subscription at period end on the hosted page, and undo it; default false */
            allowCancel: boolean;
            /** @description Customers may change plan to one of `planIds` after a proration preview; default false */
            allowPlanChange: boolean;
            /** @description Customers may buy wallet credits on the hosted page; default false */
            allowTopUp: boolean;
            /** @description Plans a customer may change to (same currency and interval as the current one); default [] */
            planIds: string[];
        };
        /**
         * @example {
         *       "line1": "Torstraße 140",
         *       "line2": "3rd floor",
         *       "city": "Berlin",
         *       "postalCode": "10119",
         *       "state": null,
         *       "country": "DE"
         *     }
         */
        TenantAddress: {
            /** @description Street and number */
            line1: string;
            /** @description Building, floor, suite */
            line2: (string & unknown) | null;
            /** @description City or town */
            city: string;
            /** @description Postal or ZIP code */
            postalCode: (string & unknown) | null;
            /** @description State, province or region */
            state: (string & unknown) | null;
            country: components["schemas"]["CountryCode"];
        };
        /**
         * @description ISO 3166-1 alpha-2 code, any case; stored and returned upper case
         * @example DE
         */
        CountryCode: string;
        /**
         * @example {
         *       "webhookUrl": "https://example.com",
         *       "smtp": {
         *         "host": "smtp.example.com",
         *         "port": 1,
         *         "secure": true,
         *         "from": "Acme Billing <billing@acme.example>"
         *       },
         *       "settings": {
         *         "timezone": "Europe/Berlin",
         *         "invoicePrefix": "ACME",
         *         "netPaymentTerms": 0,
         *         "invoiceGracePeriodDays": 0,
         *         "dunning": {
         *           "reminderDays": [
         *             1
         *           ],
         *           "uncollectibleAfterDays": 1,
         *           "cancelSubscription": true
         *         },
         *         "portal": {
         *           "allowCancel": true,
         *           "allowPlanChange": true,
         *           "allowTopUp": true,
         *           "planIds": [
         *             "string"
         *           ]
         *         }
         *       },
         *       "address": {
         *         "line1": "Torstraße 140",
         *         "city": "Berlin",
         *         "postalCode": "10119",
         *         "country": "de"
         *       },
         *       "taxId": "DE123456789"
         *     }
         */
        UpdateTenantRequest: {
            /** @description Not blank; trimmed */
            name?: string & unknown;
            /** @description Not blank; trimmed */
            companyName?: string & unknown;
            /**
             * Format: uri
             * @description http(s) URL receiving outbound webhooks; must reach a public address; null removes it
             */
            webhookUrl?: string | null;
            /** @description null removes them */
            smtp?: components["schemas"]["SmtpSettingsInput"] | null;
            /** @description Merged with the stored settings */
            settings?: {
                /**
                 * @description IANA time zone as the runtime lists it, or in lower case; returned canonical
                 * @example Europe/Berlin
                 * @enum {string}
                 */
                timezone?: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "utc" | "africa/abidjan" | "africa/accra" | "africa/addis_ababa" | "africa/algiers" | "africa/asmera" | "africa/bamako" | "africa/bangui" | "africa/banjul" | "africa/bissau" | "africa/blantyre" | "africa/brazzaville" | "africa/bujumbura" | "africa/cairo" | "africa/casablanca" | "africa/ceuta" | "africa/conakry" | "africa/dakar" | "africa/dar_es_salaam" | "africa/djibouti" | "africa/douala" | "africa/el_aaiun" | "africa/freetown" | "africa/gaborone" | "africa/harare" | "africa/johannesburg" | "africa/juba" | "africa/kampala" | "africa/khartoum" | "africa/kigali" | "africa/kinshasa" | "africa/lagos" | "africa/libreville" | "africa/lome" | "africa/luanda" | "africa/lubumbashi" | "africa/lusaka" | "africa/malabo" | "africa/maputo" | "africa/maseru" | "africa/mbabane" | "africa/mogadishu" | "africa/monrovia" | "africa/nairobi" | "africa/ndjamena" | "africa/niamey" | "africa/nouakchott" | "africa/ouagadougou" | "africa/porto-novo" | "africa/sao_tome" | "africa/tripoli" | "africa/tunis" | "africa/windhoek" | "america/adak" | "america/anchorage" | "america/anguilla" | "america/antigua" | "america/araguaina" | "america/argentina/la_rioja" | "america/argentina/rio_gallegos" | "america/argentina/salta" | "america/argentina/san_juan" | "america/argentina/san_luis" | "america/argentina/tucuman" | "america/argentina/ushuaia" | "america/aruba" | "america/asuncion" | "america/bahia" | "america/bahia_banderas" | "america/barbados" | "america/belem" | "america/belize" | "america/blanc-sablon" | "america/boa_vista" | "america/bogota" | "america/boise" | "america/buenos_aires" | "america/cambridge_bay" | "america/campo_grande" | "america/cancun" | "america/caracas" | "america/catamarca" | "america/cayenne" | "america/cayman" | "america/chicago" | "america/chihuahua" | "america/ciudad_juarez" | "america/coral_harbour" | "america/cordoba" | "america/costa_rica" | "america/coyhaique" | "america/creston" | "america/cuiaba" | "america/curacao" | "america/danmarkshavn" | "america/dawson" | "america/dawson_creek" | "america/denver" | "america/detroit" | "america/dominica" | "america/edmonton" | "america/eirunepe" | "america/el_salvador" | "america/fort_nelson" | "america/fortaleza" | "america/glace_bay" | "america/godthab" | "america/goose_bay" | "america/grand_turk" | "america/grenada" | "america/guadeloupe" | "america/guatemala" | "america/guayaquil" | "america/guyana" | "america/halifax" | "america/havana" | "america/hermosillo" | "america/indiana/knox" | "america/indiana/marengo" | "america/indiana/petersburg" | "america/indiana/tell_city" | "america/indiana/vevay" | "america/indiana/vincennes" | "america/indiana/winamac" | "america/indianapolis" | "america/inuvik" | "america/iqaluit" | "america/jamaica" | "america/jujuy" | "america/juneau" | "america/kentucky/monticello" | "america/kralendijk" | "america/la_paz" | "america/lima" | "america/los_angeles" | "america/louisville" | "america/lower_princes" | "america/maceio" | "america/managua" | "america/manaus" | "america/marigot" | "america/martinique" | "america/matamoros" | "america/mazatlan" | "america/mendoza" | "america/menominee" | "america/merida" | "america/metlakatla" | "america/mexico_city" | "america/miquelon" | "america/moncton" | "america/monterrey" | "america/montevideo" | "america/montserrat" | "america/nassau" | "america/new_york" | "america/nome" | "america/noronha" | "america/north_dakota/beulah" | "america/north_dakota/center" | "america/north_dakota/new_salem" | "america/ojinaga" | "america/panama" | "america/paramaribo" | "america/phoenix" | "america/port-au-prince" | "america/port_of_spain" | "america/porto_velho" | "america/puerto_rico" | "america/punta_arenas" | "america/rankin_inlet" | "america/recife" | "america/regina" | "america/resolute" | "america/rio_branco" | "america/santarem" | "america/santiago" | "america/santo_domingo" | "america/sao_paulo" | "america/scoresbysund" | "america/sitka" | "america/st_barthelemy" | "america/st_johns" | "america/st_kitts" | "america/st_lucia" | "america/st_thomas" | "america/st_vincent" | "america/swift_current" | "america/tegucigalpa" | "america/thule" | "america/tijuana" | "america/toronto" | "america/tortola" | "america/vancouver" | "america/whitehorse" | "america/winnipeg" | "america/yakutat" | "antarctica/casey" | "antarctica/davis" | "antarctica/dumontdurville" | "antarctica/macquarie" | "antarctica/mawson" | "antarctica/mcmurdo" | "antarctica/palmer" | "antarctica/rothera" | "antarctica/syowa" | "antarctica/troll" | "antarctica/vostok" | "arctic/longyearbyen" | "asia/aden" | "asia/almaty" | "asia/amman" | "asia/anadyr" | "asia/aqtau" | "asia/aqtobe" | "asia/ashgabat" | "asia/atyrau" | "asia/baghdad" | "asia/bahrain" | "asia/baku" | "asia/bangkok" | "asia/barnaul" | "asia/beirut" | "asia/bishkek" | "asia/brunei" | "asia/calcutta" | "asia/chita" | "asia/colombo" | "asia/damascus" | "asia/dhaka" | "asia/dili" | "asia/dubai" | "asia/dushanbe" | "asia/famagusta" | "asia/gaza" | "asia/hebron" | "asia/hong_kong" | "asia/hovd" | "asia/irkutsk" | "asia/jakarta" | "asia/jayapura" | "asia/jerusalem" | "asia/kabul" | "asia/kamchatka" | "asia/karachi" | "asia/katmandu" | "asia/khandyga" | "asia/krasnoyarsk" | "asia/kuala_lumpur" | "asia/kuching" | "asia/kuwait" | "asia/macau" | "asia/magadan" | "asia/makassar" | "asia/manila" | "asia/muscat" | "asia/nicosia" | "asia/novokuznetsk" | "asia/novosibirsk" | "asia/omsk" | "asia/oral" | "asia/phnom_penh" | "asia/pontianak" | "asia/pyongyang" | "asia/qatar" | "asia/qostanay" | "asia/qyzylorda" | "asia/rangoon" | "asia/riyadh" | "asia/saigon" | "asia/sakhalin" | "asia/samarkand" | "asia/seoul" | "asia/shanghai" | "asia/singapore" | "asia/srednekolymsk" | "asia/taipei" | "asia/tashkent" | "asia/tbilisi" | "asia/tehran" | "asia/thimphu" | "asia/tokyo" | "asia/tomsk" | "asia/ulaanbaatar" | "asia/urumqi" | "asia/ust-nera" | "asia/vientiane" | "asia/vladivostok" | "asia/yakutsk" | "asia/yekaterinburg" | "asia/yerevan" | "atlantic/azores" | "atlantic/bermuda" | "atlantic/canary" | "atlantic/cape_verde" | "atlantic/faeroe" | "atlantic/madeira" | "atlantic/reykjavik" | "atlantic/south_georgia" | "atlantic/st_helena" | "atlantic/stanley" | "australia/adelaide" | "australia/brisbane" | "australia/broken_hill" | "australia/darwin" | "australia/eucla" | "australia/hobart" | "australia/lindeman" | "australia/lord_howe" | "australia/melbourne" | "australia/perth" | "australia/sydney" | "europe/amsterdam" | "europe/andorra" | "europe/astrakhan" | "europe/athens" | "europe/belgrade" | "europe/berlin" | "europe/bratislava" | "europe/brussels" | "europe/bucharest" | "europe/budapest" | "europe/busingen" | "europe/chisinau" | "europe/copenhagen" | "europe/dublin" | "europe/gibraltar" | "europe/guernsey" | "europe/helsinki" | "europe/isle_of_man" | "europe/istanbul" | "europe/jersey" | "europe/kaliningrad" | "europe/kiev" | "europe/kirov" | "europe/lisbon" | "europe/ljubljana" | "europe/london" | "europe/luxembourg" | "europe/madrid" | "europe/malta" | "europe/mariehamn" | "europe/minsk" | "europe/monaco" | "europe/moscow" | "europe/oslo" | "europe/paris" | "europe/podgorica" | "europe/prague" | "europe/riga" | "europe/rome" | "europe/samara" | "europe/san_marino" | "europe/sarajevo" | "europe/saratov" | "europe/simferopol" | "europe/skopje" | "europe/sofia" | "europe/stockholm" | "europe/tallinn" | "europe/tirane" | "europe/ulyanovsk" | "europe/vaduz" | "europe/vatican" | "europe/vienna" | "europe/vilnius" | "europe/volgograd" | "europe/warsaw" | "europe/zagreb" | "europe/zurich" | "indian/antananarivo" | "indian/chagos" | "indian/christmas" | "indian/cocos" | "indian/comoro" | "indian/kerguelen" | "indian/mahe" | "indian/maldives" | "indian/mauritius" | "indian/mayotte" | "indian/reunion" | "pacific/apia" | "pacific/auckland" | "pacific/bougainville" | "pacific/chatham" | "pacific/easter" | "pacific/efate" | "pacific/enderbury" | "pacific/fakaofo" | "pacific/fiji" | "pacific/funafuti" | "pacific/galapagos" | "pacific/gambier" | "pacific/guadalcanal" | "pacific/guam" | "pacific/honolulu" | "pacific/kiritimati" | "pacific/kosrae" | "pacific/kwajalein" | "pacific/majuro" | "pacific/marquesas" | "pacific/midway" | "pacific/nauru" | "pacific/niue" | "pacific/norfolk" | "pacific/noumea" | "pacific/pago_pago" | "pacific/palau" | "pacific/pitcairn" | "pacific/ponape" | "pacific/port_moresby" | "pacific/rarotonga" | "pacific/saipan" | "pacific/tahiti" | "pacific/tarawa" | "pacific/tongatapu" | "pacific/truk" | "pacific/wake" | "pacific/wallis";
                /**
                 * @description Invoice number prefix, default INV
                 * @example ACME
                 */
                invoicePrefix?: string;
                /** @description Days to pay an invoice, default 30 */
                netPaymentTerms?: number;
                /** @description Days an invoice stays a draft before it is finalised, default 0 */
                invoiceGracePeriodDays?: number;
                /** @description Merged with the stored dunning settings */
                dunning?: {
                    /** @description Days after the due date on which a reminder e-mail goes out (up to 10 distinct), default [1, 3, 7] */
                    reminderDays?: number[];
                    /** @description Days after the due date when an unpaid invoice becomes UNCOLLECTIBLE, default 30 */
                    uncollectibleAfterDays?: number;
                    /** @description Cancel the subscription (at once, no credit) when its invoice becomes UNCOLLECTIBLE, default false */
                    cancelSubscription?: boolean;
                };
                /** @description Merged with the stored portal settings; `planIds` replaced whole */
                portal?: {
                    /** @description Customers may cancel a subscription at period end on the hosted page, and undo it; default false */
                    allowCancel?: boolean;
                    /** @description Customers may change plan to one of `planIds` after a proration preview; default false */
                    allowPlanChange?: boolean;
                    /** @description Customers may buy wallet credits on the hosted page; default false */
                    allowTopUp?: boolean;
                    /** @description Plans a customer may change to (same currency and interval as the current one); default [] */
                    planIds?: string[];
                };
            };
            /** @description Replaced whole; null removes it */
            address?: components["schemas"]["TenantAddressInput"] | null;
            /**
             * @description Tax id printed with the seller on invoice and credit-note PDFs (VAT number, EIN, GST number, ...)
             * @example DE123456789
             */
            taxId?: (string & unknown) | null;
        };
        /**
         * @example {
         *       "host": "smtp.example.com",
         *       "port": 1,
         *       "secure": true,
         *       "from": "Acme Billing <billing@acme.example>"
         *     }
         */
        SmtpSettingsInput: {
            /** @example smtp.example.com */
            host: string & unknown;
            port: number;
            /** @description Default: true on port 465, otherwise false (STARTTLS) */
            secure?: boolean;
            /** @description Login name; required when a password is sent or kept. Omitted or null: no login */
            user?: (string & unknown) | null;
            /** @description Stored encrypted, never returned. Omitted: the stored one is kept (same host and user only); null clears it */
            password?: (string & unknown) | null;
            /**
             * Format: mailbox
             * @description Sender: `billing@acme.com` or `Acme <billing@acme.com>`; a name holding `,` `;` `:` or parentheses is quoted: `"Acme, Inc." <billing@acme.com>`
             * @example Acme Billing <billing@acme.example>
             */
            from: string;
        };
        /**
         * @description Replaces the stored address whole; omitted or null optional parts are absent
         * @example {
         *       "line1": "Torstraße 140",
         *       "city": "Berlin",
         *       "postalCode": "10119",
         *       "country": "de"
         *     }
         */
        TenantAddressInput: {
            /** @description Street and number */
            line1: string;
            /** @description Building, floor, suite */
            line2?: (string & unknown) | null;
            /** @description City or town */
            city: string;
            /** @description Postal or ZIP code */
            postalCode?: (string & unknown) | null;
            /** @description State, province or region */
            state?: (string & unknown) | null;
            country: components["schemas"]["CountryCode"];
        };
        /**
         * @example {
         *       "customers": 0,
         *       "subscriptions": {
         *         "total": 0,
         *         "byStatus": {
         *           "TRIALING": 0,
         *           "ACTIVE": 0,
         *           "PAUSED": 0,
         *           "PAST_DUE": 0,
         *           "CANCELED": 0
         *         }
         *       },
         *       "invoices": 0,
         *       "apiKeys": 0,
         *       "requestsThisMonth": 0
         *     }
         */
        TenantUsage: {
            /** @description Customers not deleted */
            customers: number;
            subscriptions: {
                total: number;
                byStatus: {
                    TRIALING: number;
                    ACTIVE: number;
                    PAUSED: number;
                    PAST_DUE: number;
                    CANCELED: number;
                };
            };
            invoices: number;
            /** @description Keys neither revoked nor expired */
            apiKeys: number;
            /** @description Authenticated requests in the current calendar month (UTC) */
            requestsThisMonth: number;
        };
        /**
         * @example {
         *       "message": "string",
         *       "accepted": true
         *     }
         */
        SmtpTestResult: {
            message: string;
            /** @enum {boolean} */
            accepted: true;
        };
        /**
         * @example {
         *       "to": "owner@example.com"
         *     }
         */
        SmtpTestRequest: {
            /**
             * Format: email
             * @description Recipient of the test message
             */
            to: string;
        };
        /**
         * @example {
         *       "id": "string",
         *       "name": "string",
         *       "scopes": [
         *         "customers:read"
         *       ],
         *       "prefix": "string",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "lastUsedAt": "2026-11-21T10:00:00.000Z",
         *       "expiresAt": "2026-11-21T10:00:00.000Z",
         *       "revokedAt": "2026-11-21T10:00:00.000Z",
         *       "key": "string"
         *     }
         */
        CreatedApiKey: {
            /** @description Used in the revoke path */
            id: string;
            /** @description Label chosen at creation */
            name: string;
            scopes: components["schemas"]["Scope"][];
            /** @description The value's first 12 characters (`sk_live_` + 4), to tell keys apart */
            prefix: string;
            /**
             * Format: date-time
             * @description When the key was created
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last authenticated request, to within a minute; null if never used
             */
            lastUsedAt: string | null;
            /**
             * Format: date-time
             * @description After this instant the key is refused; null for no expiry
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the key was revoked; listed keys are never revoked
             */
            revokedAt: string | null;
            /** @description The key value (`sk_live_...`). Shown only in this response: store it now */
            key: string;
        };
        /**
         * @description An API key scope (`resource:read|write`)
         * @example customers:read
         * @enum {string}
         */
        Scope: "customers:read" | "customers:write" | "plans:read" | "plans:write" | "subscriptions:read" | "subscriptions:write" | "invoices:read" | "invoices:write" | "payments:read" | "payments:write" | "analytics:read" | "metrics:read" | "metrics:write" | "events:read" | "events:write" | "coupons:read" | "coupons:write" | "add_ons:read" | "add_ons:write" | "credit_notes:read" | "credit_notes:write" | "wallets:read" | "wallets:write" | "payment_providers:read" | "payment_providers:write" | "portal:read" | "portal:write" | "test_clocks:read" | "test_clocks:write";
        /**
         * @example {
         *       "name": "CI deploys",
         *       "scopes": [
         *         "customers:read"
         *       ],
         *       "expiresAt": "2099-01-01T00:00:00.000Z"
         *     }
         */
        CreateApiKeyRequest: {
            /**
             * @description A label, 1 to 100 characters
             * @example CI deploys
             */
            name: string & unknown;
            /** @description What the key may do; any combination of known scopes, each once */
            scopes: components["schemas"]["Scope"][];
            /**
             * Format: date-time
             * @description Optional expiry, an ISO 8601 timestamp in the future; null or absent never expires
             * @example 2099-01-01T00:00:00.000Z
             */
            expiresAt?: string | null;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "string",
         *           "name": "string",
         *           "scopes": [
         *             "customers:read"
         *           ],
         *           "prefix": "string",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "lastUsedAt": "2026-11-21T10:00:00.000Z",
         *           "expiresAt": "2026-11-21T10:00:00.000Z",
         *           "revokedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "string",
         *       "name": "string",
         *       "scopes": [
         *         "customers:read"
         *       ],
         *       "prefix": "string",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "lastUsedAt": "2026-11-21T10:00:00.000Z",
         *       "expiresAt": "2026-11-21T10:00:00.000Z",
         *       "revokedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        ApiKey: {
            /** @description Used in the revoke path */
            id: string;
            /** @description Label chosen at creation */
            name: string;
            scopes: components["schemas"]["Scope"][];
            /** @description The value's first 12 characters (`sk_live_` + 4), to tell keys apart */
            prefix: string;
            /**
             * Format: date-time
             * @description When the key was created
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last authenticated request, to within a minute; null if never used
             */
            lastUsedAt: string | null;
            /**
             * Format: date-time
             * @description After this instant the key is refused; null for no expiry
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the key was revoked; listed keys are never revoked
             */
            revokedAt: string | null;
        };
        /**
         * @example {
         *       "total": 0,
         *       "page": 1,
         *       "limit": 1,
         *       "totalPages": 0
         *     }
         */
        ListMeta: {
            total: number;
            page: number;
            limit: number;
            totalPages: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "event": "invoice.paid",
         *           "status": "DELIVERED",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "occurredAt": "2026-11-21T10:00:00.000Z",
         *           "deliveredAt": "2026-11-21T10:00:00.000Z",
         *           "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "data": {
         *             "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *             "status": "PAID"
         *           },
         *           "attempts": [
         *             {
         *               "id": "wha_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "number": 1,
         *               "series": 1,
         *               "attemptedAt": "2026-11-21T10:00:00.000Z",
         *               "statusCode": 200,
         *               "durationMs": 87
         *             }
         *           ]
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        WebhookEventList: {
            data: components["schemas"]["WebhookEvent"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "whe_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "event": "invoice.paid",
         *       "status": "DELIVERED",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "occurredAt": "2026-11-21T10:00:00.000Z",
         *       "deliveredAt": "2026-11-21T10:00:00.000Z",
         *       "testClockId": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "data": {
         *         "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "status": "PAID"
         *       },
         *       "attempts": [
         *         {
         *           "id": "wha_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "number": 1,
         *           "series": 1,
         *           "attemptedAt": "2026-11-21T10:00:00.000Z",
         *           "statusCode": 200,
         *           "durationMs": 87
         *         }
         *       ]
         *     }
         */
        WebhookEvent: {
            /**
             * @description The event id: the envelope’s `id` and the `webhook-id` header, the same on every attempt
             * @example whe_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            id: string;
            event: components["schemas"]["WebhookEventType"];
            status: components["schemas"]["WebhookEventStatus"];
            /**
             * Format: date-time
             * @description When the event was recorded
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the change happened (the envelope’s `timestamp`)
             * @example 2026-11-21T10:00:00.000Z
             */
            occurredAt: string;
            /**
             * Format: date-time
             * @description When the latest series was acknowledged with a 2xx; null otherwise
             * @example 2026-11-21T10:00:00.000Z
             */
            deliveredAt: string | null;
            /**
             * @description The test clock of the customer the event is about (or of `test_clock.ready`), as the envelope’s `testClockId`; null for the events of customers on no clock, whose envelope has no such key
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId: string | null;
            /**
             * @description The record as sent in the envelope (see the `*WebhookPayload` components)
             * @example {
             *       "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
             *       "status": "PAID"
             *     }
             */
            data: {
                [key: string]: unknown;
            };
            /** @description Every attempt, oldest first, series by series */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        /**
         * @description An event of SPEC §6.2
         * @example invoice.paid
         * @enum {string}
         */
        WebhookEventType: "payment.succeeded" | "payment.failed" | "payment.refunded" | "payment.refund_failed" | "subscription.created" | "subscription.renewed" | "subscription.canceled" | "subscription.paused" | "subscription.resumed" | "subscription.past_due" | "invoice.created" | "invoice.paid" | "invoice.voided" | "invoice.generation_failed" | "wallet.created" | "wallet.terminated" | "wallet.transaction.created" | "wallet.low_balance" | "wallet.depleted" | "test_clock.ready";
        /**
         * @description PENDING: a delivery series is in progress (or about to start); DELIVERED: a 2xx answered; FAILED: all five attempts of the latest series failed; SKIPPED: recorded while the tenant had no webhook URL, never sent
         * @example DELIVERED
         * @enum {string}
         */
        WebhookEventStatus: "PENDING" | "DELIVERED" | "FAILED" | "SKIPPED";
        /**
         * @example {
         *       "id": "wha_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "number": 1,
         *       "series": 1,
         *       "attemptedAt": "2026-11-21T10:00:00.000Z",
         *       "statusCode": 200,
         *       "durationMs": 87
         *     }
         */
        WebhookAttempt: {
            /** @example wha_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @description Attempt 1..5 within its series */
            number: number;
            /** @description 1 for the first delivery, 2, 3, … for each redelivery */
            series: number;
            /**
             * Format: date-time
             * @description When the request was sent
             * @example 2026-11-21T10:00:00.000Z
             */
            attemptedAt: string;
            /**
             * @description The receiver’s HTTP status; null when no answer came (timeout, refused, blocked target)
             * @example 200
             */
            statusCode: number | null;
            /** @example 87 */
            durationMs: number;
            /** @description Why the attempt failed; null on success */
            error: (string & unknown) | null;
            /** @description The start of the response body, at most 1 KiB */
            responseExcerpt: (string & unknown) | null;
        };
        /**
         * @example {
         *       "name": "Annual renewal test",
         *       "frozenTime": "2027-01-01T00:00:00.000Z"
         *     }
         */
        CreateTestClockRequest: {
            /** @example Annual renewal test */
            name?: string & unknown;
            /**
             * Format: date-time
             * @description The clock’s time (ISO 8601)
             * @example 2027-01-01T00:00:00.000Z
             */
            frozenTime: string;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "clk_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "name": "Annual renewal test",
         *           "frozenTime": "2027-01-01T00:00:00.000Z",
         *           "status": "READY",
         *           "customerCount": 1,
         *           "createdAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        TestClockList: {
            data: components["schemas"]["TestClock"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "frozenTime": "2027-02-01T00:00:00.000Z"
         *     }
         */
        AdvanceTestClockRequest: {
            /**
             * Format: date-time
             * @description The new time: after the clock’s time, at most two years after it
             * @example 2027-02-01T00:00:00.000Z
             */
            frozenTime: string;
        };
        /**
         * @example {
         *       "id": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "externalId": "crm-1042",
         *       "name": "Acme GmbH",
         *       "email": "billing@acme.example",
         *       "country": "DE",
         *       "currency": "EUR",
         *       "timezone": "Europe/Berlin",
         *       "netPaymentTerms": 14,
         *       "metadata": {
         *         "crmId": "A-1042"
         *       },
         *       "testClockId": null,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Customer: {
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            id: string;
            /**
             * @description The caller's own identifier, unique among the tenant's customers not deleted
             * @example crm-1042
             */
            externalId: string;
            /**
             * @description Display name
             * @example Acme GmbH
             */
            name: (string & unknown) | null;
            /**
             * Format: email
             * @example billing@acme.example
             */
            email: string;
            country: components["schemas"]["CountryCode"] | null;
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description IANA time zone of the customer’s billing dates: its own, else the tenant’s (which it then follows when the tenant’s changes)
             * @example Europe/Berlin
             */
            timezone: string;
            /**
             * @description Days to pay an invoice; null means the plan's, else the tenant's
             * @example 14
             */
            netPaymentTerms: number | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The test clock whose time the customer lives on; fixed at creation
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case
         * @example USD
         */
        CurrencyCode: string;
        /**
         * @example {
         *       "externalId": "crm-1042",
         *       "name": "Acme GmbH",
         *       "email": "billing@acme.example",
         *       "country": "de",
         *       "currency": "eur",
         *       "timezone": "Europe/Berlin",
         *       "netPaymentTerms": 14,
         *       "metadata": {
         *         "crmId": "A-1042"
         *       }
         *     }
         */
        CreateCustomerRequest: {
            /**
             * @description The caller's own identifier, unique among the tenant's customers not deleted
             * @example crm-1042
             */
            externalId: string;
            /**
             * @description Display name
             * @example Acme GmbH
             */
            name?: string;
            /**
             * Format: email
             * @example billing@acme.example
             */
            email: string;
            /**
             * @description ISO 3166-1 alpha-2 code, any case; stored and returned upper case
             * @example DE
             */
            country?: string;
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description IANA time zone as the runtime lists it, or in lower case; returned canonical
             * @example Europe/Berlin
             * @enum {string}
             */
            timezone?: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "utc" | "africa/abidjan" | "africa/accra" | "africa/addis_ababa" | "africa/algiers" | "africa/asmera" | "africa/bamako" | "africa/bangui" | "africa/banjul" | "africa/bissau" | "africa/blantyre" | "africa/brazzaville" | "africa/bujumbura" | "africa/cairo" | "africa/casablanca" | "africa/ceuta" | "africa/conakry" | "africa/dakar" | "africa/dar_es_salaam" | "africa/djibouti" | "africa/douala" | "africa/el_aaiun" | "africa/freetown" | "africa/gaborone" | "africa/harare" | "africa/johannesburg" | "africa/juba" | "africa/kampala" | "africa/khartoum" | "africa/kigali" | "africa/kinshasa" | "africa/lagos" | "africa/libreville" | "africa/lome" | "africa/luanda" | "africa/lubumbashi" | "africa/lusaka" | "africa/malabo" | "africa/maputo" | "africa/maseru" | "africa/mbabane" | "africa/mogadishu" | "africa/monrovia" | "africa/nairobi" | "africa/ndjamena" | "africa/niamey" | "africa/nouakchott" | "africa/ouagadougou" | "africa/porto-novo" | "africa/sao_tome" | "africa/tripoli" | "africa/tunis" | "africa/windhoek" | "america/adak" | "america/anchorage" | "america/anguilla" | "america/antigua" | "america/araguaina" | "america/argentina/la_rioja" | "america/argentina/rio_gallegos" | "america/argentina/salta" | "america/argentina/san_juan" | "america/argentina/san_luis" | "america/argentina/tucuman" | "america/argentina/ushuaia" | "america/aruba" | "america/asuncion" | "america/bahia" | "america/bahia_banderas" | "america/barbados" | "america/belem" | "america/belize" | "america/blanc-sablon" | "america/boa_vista" | "america/bogota" | "america/boise" | "america/buenos_aires" | "america/cambridge_bay" | "america/campo_grande" | "america/cancun" | "america/caracas" | "america/catamarca" | "america/cayenne" | "america/cayman" | "america/chicago" | "america/chihuahua" | "america/ciudad_juarez" | "america/coral_harbour" | "america/cordoba" | "america/costa_rica" | "america/coyhaique" | "america/creston" | "america/cuiaba" | "america/curacao" | "america/danmarkshavn" | "america/dawson" | "america/dawson_creek" | "america/denver" | "america/detroit" | "america/dominica" | "america/edmonton" | "america/eirunepe" | "america/el_salvador" | "america/fort_nelson" | "america/fortaleza" | "america/glace_bay" | "america/godthab" | "america/goose_bay" | "america/grand_turk" | "america/grenada" | "america/guadeloupe" | "america/guatemala" | "america/guayaquil" | "america/guyana" | "america/halifax" | "america/havana" | "america/hermosillo" | "america/indiana/knox" | "america/indiana/marengo" | "america/indiana/petersburg" | "america/indiana/tell_city" | "america/indiana/vevay" | "america/indiana/vincennes" | "america/indiana/winamac" | "america/indianapolis" | "america/inuvik" | "america/iqaluit" | "america/jamaica" | "america/jujuy" | "america/juneau" | "america/kentucky/monticello" | "america/kralendijk" | "america/la_paz" | "america/lima" | "america/los_angeles" | "america/louisville" | "america/lower_princes" | "america/maceio" | "america/managua" | "america/manaus" | "america/marigot" | "america/martinique" | "america/matamoros" | "america/mazatlan" | "america/mendoza" | "america/menominee" | "america/merida" | "america/metlakatla" | "america/mexico_city" | "america/miquelon" | "america/moncton" | "america/monterrey" | "america/montevideo" | "america/montserrat" | "america/nassau" | "america/new_york" | "america/nome" | "america/noronha" | "america/north_dakota/beulah" | "america/north_dakota/center" | "america/north_dakota/new_salem" | "america/ojinaga" | "america/panama" | "america/paramaribo" | "america/phoenix" | "america/port-au-prince" | "america/port_of_spain" | "america/porto_velho" | "america/puerto_rico" | "america/punta_arenas" | "america/rankin_inlet" | "america/recife" | "america/regina" | "america/resolute" | "america/rio_branco" | "america/santarem" | "america/santiago" | "america/santo_domingo" | "america/sao_paulo" | "america/scoresbysund" | "america/sitka" | "america/st_barthelemy" | "america/st_johns" | "america/st_kitts" | "america/st_lucia" | "america/st_thomas" | "america/st_vincent" | "america/swift_current" | "america/tegucigalpa" | "america/thule" | "america/tijuana" | "america/toronto" | "america/tortola" | "america/vancouver" | "america/whitehorse" | "america/winnipeg" | "america/yakutat" | "antarctica/casey" | "antarctica/davis" | "antarctica/dumontdurville" | "antarctica/macquarie" | "antarctica/mawson" | "antarctica/mcmurdo" | "antarctica/palmer" | "antarctica/rothera" | "antarctica/syowa" | "antarctica/troll" | "antarctica/vostok" | "arctic/longyearbyen" | "asia/aden" | "asia/almaty" | "asia/amman" | "asia/anadyr" | "asia/aqtau" | "asia/aqtobe" | "asia/ashgabat" | "asia/atyrau" | "asia/baghdad" | "asia/bahrain" | "asia/baku" | "asia/bangkok" | "asia/barnaul" | "asia/beirut" | "asia/bishkek" | "asia/brunei" | "asia/calcutta" | "asia/chita" | "asia/colombo" | "asia/damascus" | "asia/dhaka" | "asia/dili" | "asia/dubai" | "asia/dushanbe" | "asia/famagusta" | "asia/gaza" | "asia/hebron" | "asia/hong_kong" | "asia/hovd" | "asia/irkutsk" | "asia/jakarta" | "asia/jayapura" | "asia/jerusalem" | "asia/kabul" | "asia/kamchatka" | "asia/karachi" | "asia/katmandu" | "asia/khandyga" | "asia/krasnoyarsk" | "asia/kuala_lumpur" | "asia/kuching" | "asia/kuwait" | "asia/macau" | "asia/magadan" | "asia/makassar" | "asia/manila" | "asia/muscat" | "asia/nicosia" | "asia/novokuznetsk" | "asia/novosibirsk" | "asia/omsk" | "asia/oral" | "asia/phnom_penh" | "asia/pontianak" | "asia/pyongyang" | "asia/qatar" | "asia/qostanay" | "asia/qyzylorda" | "asia/rangoon" | "asia/riyadh" | "asia/saigon" | "asia/sakhalin" | "asia/samarkand" | "asia/seoul" | "asia/shanghai" | "asia/singapore" | "asia/srednekolymsk" | "asia/taipei" | "asia/tashkent" | "asia/tbilisi" | "asia/tehran" | "asia/thimphu" | "asia/tokyo" | "asia/tomsk" | "asia/ulaanbaatar" | "asia/urumqi" | "asia/ust-nera" | "asia/vientiane" | "asia/vladivostok" | "asia/yakutsk" | "asia/yekaterinburg" | "asia/yerevan" | "atlantic/azores" | "atlantic/bermuda" | "atlantic/canary" | "atlantic/cape_verde" | "atlantic/faeroe" | "atlantic/madeira" | "atlantic/reykjavik" | "atlantic/south_georgia" | "atlantic/st_helena" | "atlantic/stanley" | "australia/adelaide" | "australia/brisbane" | "australia/broken_hill" | "australia/darwin" | "australia/eucla" | "australia/hobart" | "australia/lindeman" | "australia/lord_howe" | "australia/melbourne" | "australia/perth" | "australia/sydney" | "europe/amsterdam" | "europe/andorra" | "europe/astrakhan" | "europe/athens" | "europe/belgrade" | "europe/berlin" | "europe/bratislava" | "europe/brussels" | "europe/bucharest" | "europe/budapest" | "europe/busingen" | "europe/chisinau" | "europe/copenhagen" | "europe/dublin" | "europe/gibraltar" | "europe/guernsey" | "europe/helsinki" | "europe/isle_of_man" | "europe/istanbul" | "europe/jersey" | "europe/kaliningrad" | "europe/kiev" | "europe/kirov" | "europe/lisbon" | "europe/ljubljana" | "europe/london" | "europe/luxembourg" | "europe/madrid" | "europe/malta" | "europe/mariehamn" | "europe/minsk" | "europe/monaco" | "europe/moscow" | "europe/oslo" | "europe/paris" | "europe/podgorica" | "europe/prague" | "europe/riga" | "europe/rome" | "europe/samara" | "europe/san_marino" | "europe/sarajevo" | "europe/saratov" | "europe/simferopol" | "europe/skopje" | "europe/sofia" | "europe/stockholm" | "europe/tallinn" | "europe/tirane" | "europe/ulyanovsk" | "europe/vaduz" | "europe/vatican" | "europe/vienna" | "europe/vilnius" | "europe/volgograd" | "europe/warsaw" | "europe/zagreb" | "europe/zurich" | "indian/antananarivo" | "indian/chagos" | "indian/christmas" | "indian/cocos" | "indian/comoro" | "indian/kerguelen" | "indian/mahe" | "indian/maldives" | "indian/mauritius" | "indian/mayotte" | "indian/reunion" | "pacific/apia" | "pacific/auckland" | "pacific/bougainville" | "pacific/chatham" | "pacific/easter" | "pacific/efate" | "pacific/enderbury" | "pacific/fakaofo" | "pacific/fiji" | "pacific/funafuti" | "pacific/galapagos" | "pacific/gambier" | "pacific/guadalcanal" | "pacific/guam" | "pacific/honolulu" | "pacific/kiritimati" | "pacific/kosrae" | "pacific/kwajalein" | "pacific/majuro" | "pacific/marquesas" | "pacific/midway" | "pacific/nauru" | "pacific/niue" | "pacific/norfolk" | "pacific/noumea" | "pacific/pago_pago" | "pacific/palau" | "pacific/pitcairn" | "pacific/ponape" | "pacific/port_moresby" | "pacific/rarotonga" | "pacific/saipan" | "pacific/tahiti" | "pacific/tarawa" | "pacific/tongatapu" | "pacific/truk" | "pacific/wake" | "pacific/wallis";
            /**
             * @description Days to pay an invoice; null means the plan's, else the tenant's
             * @example 14
             */
            netPaymentTerms?: number;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description The test clock whose time the customer lives on, fixed at creation; null or absent: the wall clock
             * @example clk_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            testClockId?: (string & unknown) | null;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "externalId": "crm-1042",
         *           "name": "Acme GmbH",
         *           "email": "billing@acme.example",
         *           "country": "DE",
         *           "currency": "EUR",
         *           "timezone": "Europe/Berlin",
         *           "netPaymentTerms": 14,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "testClockId": null,
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 1,
         *         "page": 1,
         *         "limit": 20,
         *         "totalPages": 1
         *       }
         *     }
         */
        CustomerList: {
            data: components["schemas"]["Customer"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description At least one property. null clears name, country, timezone or netPaymentTerms; metadata is replaced
         * @example {
         *       "name": "Acme Holding GmbH",
         *       "timezone": null
         *     }
         */
        UpdateCustomerRequest: {
            /**
             * @description The caller's own identifier, unique among the tenant's customers not deleted
             * @example crm-1042
             */
            externalId?: string;
            /**
             * @description Display name
             * @example Acme GmbH
             */
            name?: (string & unknown) | null;
            /**
             * Format: email
             * @example billing@acme.example
             */
            email?: string;
            country?: components["schemas"]["CountryCode"] | null;
            /**
             * @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case
             * @example USD
             */
            currency?: string;
            timezone?: components["schemas"]["TimeZone"] | null;
            /**
             * @description Days to pay an invoice; null means the plan's, else the tenant's
             * @example 14
             */
            netPaymentTerms?: number | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description IANA time zone as the runtime lists it, or in lower case; returned canonical
         * @example Europe/Berlin
         * @enum {string}
         */
        TimeZone: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "utc" | "africa/abidjan" | "africa/accra" | "africa/addis_ababa" | "africa/algiers" | "africa/asmera" | "africa/bamako" | "africa/bangui" | "africa/banjul" | "africa/bissau" | "africa/blantyre" | "africa/brazzaville" | "africa/bujumbura" | "africa/cairo" | "africa/casablanca" | "africa/ceuta" | "africa/conakry" | "africa/dakar" | "africa/dar_es_salaam" | "africa/djibouti" | "africa/douala" | "africa/el_aaiun" | "africa/freetown" | "africa/gaborone" | "africa/harare" | "africa/johannesburg" | "africa/juba" | "africa/kampala" | "africa/khartoum" | "africa/kigali" | "africa/kinshasa" | "africa/lagos" | "africa/libreville" | "africa/lome" | "africa/luanda" | "africa/lubumbashi" | "africa/lusaka" | "africa/malabo" | "africa/maputo" | "africa/maseru" | "africa/mbabane" | "africa/mogadishu" | "africa/monrovia" | "africa/nairobi" | "africa/ndjamena" | "africa/niamey" | "africa/nouakchott" | "africa/ouagadougou" | "africa/porto-novo" | "africa/sao_tome" | "africa/tripoli" | "africa/tunis" | "africa/windhoek" | "america/adak" | "america/anchorage" | "america/anguilla" | "america/antigua" | "america/araguaina" | "america/argentina/la_rioja" | "america/argentina/rio_gallegos" | "america/argentina/salta" | "america/argentina/san_juan" | "america/argentina/san_luis" | "america/argentina/tucuman" | "america/argentina/ushuaia" | "america/aruba" | "america/asuncion" | "america/bahia" | "america/bahia_banderas" | "america/barbados" | "america/belem" | "america/belize" | "america/blanc-sablon" | "america/boa_vista" | "america/bogota" | "america/boise" | "america/buenos_aires" | "america/cambridge_bay" | "america/campo_grande" | "america/cancun" | "america/caracas" | "america/catamarca" | "america/cayenne" | "america/cayman" | "america/chicago" | "america/chihuahua" | "america/ciudad_juarez" | "america/coral_harbour" | "america/cordoba" | "america/costa_rica" | "america/coyhaique" | "america/creston" | "america/cuiaba" | "america/curacao" | "america/danmarkshavn" | "america/dawson" | "america/dawson_creek" | "america/denver" | "america/detroit" | "america/dominica" | "america/edmonton" | "america/eirunepe" | "america/el_salvador" | "america/fort_nelson" | "america/fortaleza" | "america/glace_bay" | "america/godthab" | "america/goose_bay" | "america/grand_turk" | "america/grenada" | "america/guadeloupe" | "america/guatemala" | "america/guayaquil" | "america/guyana" | "america/halifax" | "america/havana" | "america/hermosillo" | "america/indiana/knox" | "america/indiana/marengo" | "america/indiana/petersburg" | "america/indiana/tell_city" | "america/indiana/vevay" | "america/indiana/vincennes" | "america/indiana/winamac" | "america/indianapolis" | "america/inuvik" | "america/iqaluit" | "america/jamaica" | "america/jujuy" | "america/juneau" | "america/kentucky/monticello" | "america/kralendijk" | "america/la_paz" | "america/lima" | "america/los_angeles" | "america/louisville" | "america/lower_princes" | "america/maceio" | "america/managua" | "america/manaus" | "america/marigot" | "america/martinique" | "america/matamoros" | "america/mazatlan" | "america/mendoza" | "america/menominee" | "america/merida" | "america/metlakatla" | "america/mexico_city" | "america/miquelon" | "america/moncton" | "america/monterrey" | "america/montevideo" | "america/montserrat" | "america/nassau" | "america/new_york" | "america/nome" | "america/noronha" | "america/north_dakota/beulah" | "america/north_dakota/center" | "america/north_dakota/new_salem" | "america/ojinaga" | "america/panama" | "america/paramaribo" | "america/phoenix" | "america/port-au-prince" | "america/port_of_spain" | "america/porto_velho" | "america/puerto_rico" | "america/punta_arenas" | "america/rankin_inlet" | "america/recife" | "america/regina" | "america/resolute" | "america/rio_branco" | "america/santarem" | "america/santiago" | "america/santo_domingo" | "america/sao_paulo" | "america/scoresbysund" | "america/sitka" | "america/st_barthelemy" | "america/st_johns" | "america/st_kitts" | "america/st_lucia" | "america/st_thomas" | "america/st_vincent" | "america/swift_current" | "america/tegucigalpa" | "america/thule" | "america/tijuana" | "america/toronto" | "america/tortola" | "america/vancouver" | "america/whitehorse" | "america/winnipeg" | "america/yakutat" | "antarctica/casey" | "antarctica/davis" | "antarctica/dumontdurville" | "antarctica/macquarie" | "antarctica/mawson" | "antarctica/mcmurdo" | "antarctica/palmer" | "antarctica/rothera" | "antarctica/syowa" | "antarctica/troll" | "antarctica/vostok" | "arctic/longyearbyen" | "asia/aden" | "asia/almaty" | "asia/amman" | "asia/anadyr" | "asia/aqtau" | "asia/aqtobe" | "asia/ashgabat" | "asia/atyrau" | "asia/baghdad" | "asia/bahrain" | "asia/baku" | "asia/bangkok" | "asia/barnaul" | "asia/beirut" | "asia/bishkek" | "asia/brunei" | "asia/calcutta" | "asia/chita" | "asia/colombo" | "asia/damascus" | "asia/dhaka" | "asia/dili" | "asia/dubai" | "asia/dushanbe" | "asia/famagusta" | "asia/gaza" | "asia/hebron" | "asia/hong_kong" | "asia/hovd" | "asia/irkutsk" | "asia/jakarta" | "asia/jayapura" | "asia/jerusalem" | "asia/kabul" | "asia/kamchatka" | "asia/karachi" | "asia/katmandu" | "asia/khandyga" | "asia/krasnoyarsk" | "asia/kuala_lumpur" | "asia/kuching" | "asia/kuwait" | "asia/macau" | "asia/magadan" | "asia/makassar" | "asia/manila" | "asia/muscat" | "asia/nicosia" | "asia/novokuznetsk" | "asia/novosibirsk" | "asia/omsk" | "asia/oral" | "asia/phnom_penh" | "asia/pontianak" | "asia/pyongyang" | "asia/qatar" | "asia/qostanay" | "asia/qyzylorda" | "asia/rangoon" | "asia/riyadh" | "asia/saigon" | "asia/sakhalin" | "asia/samarkand" | "asia/seoul" | "asia/shanghai" | "asia/singapore" | "asia/srednekolymsk" | "asia/taipei" | "asia/tashkent" | "asia/tbilisi" | "asia/tehran" | "asia/thimphu" | "asia/tokyo" | "asia/tomsk" | "asia/ulaanbaatar" | "asia/urumqi" | "asia/ust-nera" | "asia/vientiane" | "asia/vladivostok" | "asia/yakutsk" | "asia/yekaterinburg" | "asia/yerevan" | "atlantic/azores" | "atlantic/bermuda" | "atlantic/canary" | "atlantic/cape_verde" | "atlantic/faeroe" | "atlantic/madeira" | "atlantic/reykjavik" | "atlantic/south_georgia" | "atlantic/st_helena" | "atlantic/stanley" | "australia/adelaide" | "australia/brisbane" | "australia/broken_hill" | "australia/darwin" | "australia/eucla" | "australia/hobart" | "australia/lindeman" | "australia/lord_howe" | "australia/melbourne" | "australia/perth" | "australia/sydney" | "europe/amsterdam" | "europe/andorra" | "europe/astrakhan" | "europe/athens" | "europe/belgrade" | "europe/berlin" | "europe/bratislava" | "europe/brussels" | "europe/bucharest" | "europe/budapest" | "europe/busingen" | "europe/chisinau" | "europe/copenhagen" | "europe/dublin" | "europe/gibraltar" | "europe/guernsey" | "europe/helsinki" | "europe/isle_of_man" | "europe/istanbul" | "europe/jersey" | "europe/kaliningrad" | "europe/kiev" | "europe/kirov" | "europe/lisbon" | "europe/ljubljana" | "europe/london" | "europe/luxembourg" | "europe/madrid" | "europe/malta" | "europe/mariehamn" | "europe/minsk" | "europe/monaco" | "europe/moscow" | "europe/oslo" | "europe/paris" | "europe/podgorica" | "europe/prague" | "europe/riga" | "europe/rome" | "europe/samara" | "europe/san_marino" | "europe/sarajevo" | "europe/saratov" | "europe/simferopol" | "europe/skopje" | "europe/sofia" | "europe/stockholm" | "europe/tallinn" | "europe/tirane" | "europe/ulyanovsk" | "europe/vaduz" | "europe/vatican" | "europe/vienna" | "europe/vilnius" | "europe/volgograd" | "europe/warsaw" | "europe/zagreb" | "europe/zurich" | "indian/antananarivo" | "indian/chagos" | "indian/christmas" | "indian/cocos" | "indian/comoro" | "indian/kerguelen" | "indian/mahe" | "indian/maldives" | "indian/mauritius" | "indian/mayotte" | "indian/reunion" | "pacific/apia" | "pacific/auckland" | "pacific/bougainville" | "pacific/chatham" | "pacific/easter" | "pacific/efate" | "pacific/enderbury" | "pacific/fakaofo" | "pacific/fiji" | "pacific/funafuti" | "pacific/galapagos" | "pacific/gambier" | "pacific/guadalcanal" | "pacific/guam" | "pacific/honolulu" | "pacific/kiritimati" | "pacific/kosrae" | "pacific/kwajalein" | "pacific/majuro" | "pacific/marquesas" | "pacific/midway" | "pacific/nauru" | "pacific/niue" | "pacific/norfolk" | "pacific/noumea" | "pacific/pago_pago" | "pacific/palau" | "pacific/pitcairn" | "pacific/ponape" | "pacific/port_moresby" | "pacific/rarotonga" | "pacific/saipan" | "pacific/tahiti" | "pacific/tarawa" | "pacific/tongatapu" | "pacific/truk" | "pacific/wake" | "pacific/wallis";
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "status": "ACTIVE",
         *           "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *           "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *           "trialStart": null,
         *           "trialEnd": null,
         *           "cancelAt": null,
         *           "canceledAt": null,
         *           "pausedAt": null,
         *           "pendingPlanId": null,
         *           "externalId": "crm-sub-7",
         *           "metadata": {
         *             "crmId": "S-7"
         *           },
         *           "billingError": null,
         *           "createdAt": "2026-01-01T00:00:00.000Z",
         *           "updatedAt": "2026-01-01T00:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CustomerSubscriptionList: {
            data: components["schemas"]["Subscription"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "number": "INV-2026-000001",
         *           "status": "OPEN",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "lines": [
         *             {
         *               "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "type": "SUBSCRIPTION",
         *               "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *               "quantity": 1,
         *               "unitAmount": 30,
         *               "amount": 30,
         *               "periodStart": "2026-01-01T00:00:00.000Z",
         *               "periodEnd": "2026-02-01T00:00:00.000Z"
         *             }
         *           ],
         *           "subtotal": 30,
         *           "discount": 6,
         *           "discounts": [
         *             {
         *               "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "code": "WELCOME20",
         *               "amount": 6
         *             }
         *           ],
         *           "tax": 0,
         *           "total": 24,
         *           "amountCredited": 0,
         *           "prepaidCreditAmount": 0,
         *           "amountPaid": 0,
         *           "amountDue": 24,
         *           "issuedAt": "2026-11-21T10:00:00.000Z",
         *           "dueDate": "2026-11-21T10:00:00.000Z",
         *           "paidAt": "2026-11-21T10:00:00.000Z",
         *           "voidedAt": "2026-11-21T10:00:00.000Z",
         *           "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CustomerInvoiceList: {
            data: components["schemas"]["Invoice"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 30,
         *           "currency": "USD",
         *           "requestedAmount": 30,
         *           "requestedCurrency": "USD",
         *           "amountApplied": 30,
         *           "provider": "MANUAL",
         *           "status": "SUCCEEDED",
         *           "amountRefunded": 0,
         *           "providerReference": null,
         *           "failureReason": null,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "checkoutUrl": null,
         *           "expiresAt": "2026-11-21T10:00:00.000Z",
         *           "succeededAt": "2026-11-21T10:00:00.000Z",
         *           "failedAt": "2026-11-21T10:00:00.000Z",
         *           "refunds": [
         *             {
         *               "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "paymentId": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "amount": 10,
         *               "amountFromCredit": 0,
         *               "currency": "USD",
         *               "reason": "requested_by_customer",
         *               "status": "SUCCEEDED",
         *               "providerReference": "re_3MtwBwLkdIwHu7ix28a3tqPa",
         *               "failureReason": null,
         *               "creditNoteId": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "creditNoteSkippedReason": null,
         *               "createdAt": "2026-11-21T10:00:00.000Z",
         *               "updatedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "events": [
         *             {
         *               "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
         *               "type": "checkout.session.completed",
         *               "receivedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CustomerPaymentList: {
            data: components["schemas"]["Payment"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "amount": 30,
         *       "currency": "USD",
         *       "requestedAmount": 30,
         *       "requestedCurrency": "USD",
         *       "amountApplied": 30,
         *       "provider": "MANUAL",
         *       "status": "SUCCEEDED",
         *       "amountRefunded": 0,
         *       "providerReference": null,
         *       "failureReason": null,
         *       "metadata": {
         *         "crmId": "A-1042"
         *       },
         *       "checkoutUrl": null,
         *       "expiresAt": "2026-11-21T10:00:00.000Z",
         *       "succeededAt": "2026-11-21T10:00:00.000Z",
         *       "failedAt": "2026-11-21T10:00:00.000Z",
         *       "refunds": [
         *         {
         *           "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "paymentId": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 10,
         *           "amountFromCredit": 0,
         *           "currency": "USD",
         *           "reason": "requested_by_customer",
         *           "status": "SUCCEEDED",
         *           "providerReference": "re_3MtwBwLkdIwHu7ix28a3tqPa",
         *           "failureReason": null,
         *           "creditNoteId": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "creditNoteSkippedReason": null,
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "events": [
         *         {
         *           "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
         *           "type": "checkout.session.completed",
         *           "receivedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Payment: {
            /** @example pay_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            invoiceId: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @description In major units: what the provider confirmed taking once the payment succeeded (what was asked before)
             * @example 30
             */
            amount: number;
            /**
             * @description The currency taken
             * @example USD
             */
            currency: string;
            /**
             * @description What the checkout asked for, in major units of `requestedCurrency`. When the provider took another amount, `amount` is what was taken: it pays the invoice as far as it is due and the rest becomes customer credit (docs/payments.md)
             * @example 30
             */
            requestedAmount: number;
            /** @example USD */
            requestedCurrency: string;
            /**
             * @description What of `amount` still pays the payment’s own invoice, in major units; the rest became customer credit or went back in refunds
             * @example 30
             */
            amountApplied: number;
            provider: components["schemas"]["PaymentProviderName"];
            status: components["schemas"]["PaymentStatus"];
            /**
             * @description In major units
             * @example 0
             */
            amountRefunded: number;
            /** @example null */
            providerReference: (string & unknown) | null;
            /** @example null */
            failureReason: (string & unknown) | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The hosted page the payer opens; null for MANUAL and M-Pesa (the phone is prompted)
             * @example null
             */
            checkoutUrl: (string & unknown) | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            succeededAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            failedAt: string | null;
            refunds: components["schemas"]["Refund"][];
            events: components["schemas"]["PaymentProviderEvent"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "paymentId": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "amount": 10,
         *       "amountFromCredit": 0,
         *       "currency": "USD",
         *       "reason": "requested_by_customer",
         *       "status": "SUCCEEDED",
         *       "providerReference": "re_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "failureReason": null,
         *       "creditNoteId": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "creditNoteSkippedReason": null,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Refund: {
            /** @example re_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example pay_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            paymentId: string;
            /**
             * @description In major units
             * @example 10
             */
            amount: number;
            /**
             * @description What of `amount` was taken back from the customer credit the payment had become (unused credit is refunded first); the rest is money that had paid the invoice
             * @example 0
             */
            amountFromCredit: number;
            /** @example USD */
            currency: string;
            /** @example requested_by_customer */
            reason: (string & unknown) | null;
            status: components["schemas"]["RefundStatus"];
            /** @example re_3MtwBwLkdIwHu7ix28a3tqPa */
            providerReference: (string & unknown) | null;
            /** @example null */
            failureReason: (string & unknown) | null;
            /** @example cn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            creditNoteId: string | null;
            /**
             * @description Why no credit note was made although `createCreditNote` asked for one (the invoice is not PAID, its credit notes already reach its total); the refund completes anyway
             * @example null
             */
            creditNoteSkippedReason: (string & unknown) | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example SUCCEEDED
         * @enum {string}
         */
        RefundStatus: "PENDING" | "SUCCEEDED" | "FAILED";
        /**
         * @example {
         *       "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
         *       "type": "checkout.session.completed",
         *       "receivedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PaymentProviderEvent: {
            /**
             * @description The provider's event id
             * @example evt_1NG8Du2eZvKYlo2CUI79vXWy
             */
            id: string;
            /** @example checkout.session.completed */
            type: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            receivedAt: string;
        };
        /**
         * @example {
         *       "id": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Pro",
         *       "code": "pro",
         *       "description": "For growing teams",
         *       "billingInterval": "MONTHLY",
         *       "billingTiming": "IN_ADVANCE",
         *       "trialDays": 14,
         *       "netPaymentTerms": 30,
         *       "invoiceGracePeriodDays": null,
         *       "features": [
         *         "Unlimited projects"
         *       ],
         *       "isActive": true,
         *       "prices": [
         *         {
         *           "id": "price_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *           "currency": "USD",
         *           "amount": 49.99
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Plan: {
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example Pro */
            name: string;
            /** @example pro */
            code: string;
            /** @example For growing teams */
            description: (string & unknown) | null;
            billingInterval: components["schemas"]["BillingInterval"];
            billingTiming: components["schemas"]["BillingTiming"];
            /** @example 14 */
            trialDays: number;
            /** @example 30 */
            netPaymentTerms: number | null;
            /** @example null */
            invoiceGracePeriodDays: number | null;
            /**
             * @example [
             *       "Unlimited projects"
             *     ]
             */
            features: string[];
            /** @example true */
            isActive: boolean;
            /** @description One price per currency, oldest first */
            prices: components["schemas"]["PlanPriceSummary"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description How often the base fee is billed; fixed once the plan exists
         * @example MONTHLY
         * @enum {string}
         */
        BillingInterval: "MONTHLY" | "QUARTERLY" | "YEARLY" | "WEEKLY";
        /**
         * @description When the base fee is billed: at the start of the period (default) or at its end
         * @example IN_ADVANCE
         * @enum {string}
         */
        BillingTiming: "IN_ADVANCE" | "IN_ARREARS";
        /**
         * @description A price as a plan lists it
         * @example {
         *       "id": "price_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *       "currency": "USD",
         *       "amount": 49.99
         *     }
         */
        PlanPriceSummary: {
            /** @example price_01JD7X3Q8K9V2N4M6P8R0S2T4X */
            id: string;
            /** @example USD */
            currency: string;
            /**
             * @description In major units (49.99 USD, 1500 JPY, 1.234 KWD), exact
             * @example 49.99
             */
            amount: number;
        };
        /**
         * @example {
         *       "name": "Pro",
         *       "code": "pro",
         *       "billingInterval": "MONTHLY",
         *       "trialDays": 14,
         *       "features": [
         *         "Unlimited projects"
         *       ],
         *       "prices": [
         *         {
         *           "currency": "USD",
         *           "amount": 49.99
         *         }
         *       ]
         *     }
         */
        CreatePlanRequest: {
            /** @example Pro */
            name: string & unknown;
            /**
             * @description Unique in the tenant (409 `plan_code_taken`); immutable
             * @example pro
             */
            code: string;
            /** @example For growing teams */
            description?: string;
            billingInterval: components["schemas"]["BillingInterval"];
            /**
             * @description When the base fee is billed: at the start of the period (default) or at its end
             * @example IN_ADVANCE
             * @enum {string}
             */
            billingTiming?: "IN_ADVANCE" | "IN_ARREARS";
            /** @description Free days before the first charge */
            trialDays?: number;
            /** @description Days to pay an invoice; null falls back to the tenant setting (customer wins) */
            netPaymentTerms?: number | null;
            /** @description Days an invoice stays a draft; null falls back to the tenant setting */
            invoiceGracePeriodDays?: number | null;
            /**
             * @description Marketing feature list, shown as given
             * @example [
             *       "Unlimited projects",
             *       "Priority support"
             *     ]
             */
            features?: string[];
            /** @description Default true */
            isActive?: boolean;
            /** @description At most one price per currency */
            prices?: components["schemas"]["CreatePlanPriceRequest"][];
        };
        /**
         * @description More decimals than the currency has (49.999 USD, 1500.5 JPY) is 400
         * @example {
         *       "currency": "USD",
         *       "amount": 49.99
         *     }
         */
        CreatePlanPriceRequest: {
            currency: components["schemas"]["CurrencyCode"];
            /** @example 49.99 */
            amount: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "name": "Pro",
         *           "code": "pro",
         *           "description": "For growing teams",
         *           "billingInterval": "MONTHLY",
         *           "billingTiming": "IN_ADVANCE",
         *           "trialDays": 14,
         *           "netPaymentTerms": 30,
         *           "invoiceGracePeriodDays": null,
         *           "features": [
         *             "Unlimited projects"
         *           ],
         *           "isActive": true,
         *           "prices": [
         *             {
         *               "id": "price_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *               "currency": "USD",
         *               "amount": 49.99
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PlanList: {
            data: components["schemas"]["Plan"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description `code` and `billingInterval` are immutable: sending one is 400 (create a new plan instead)
         * @example {
         *       "name": "Pro (2027)",
         *       "trialDays": 30,
         *       "isActive": true
         *     }
         */
        UpdatePlanRequest: {
            /** @example Pro */
            name?: string & unknown;
            /** @example For growing teams */
            description?: (string & unknown) | null;
            /**
             * @description When the base fee is billed: at the start of the period (default) or at its end
             * @example IN_ADVANCE
             * @enum {string}
             */
            billingTiming?: "IN_ADVANCE" | "IN_ARREARS";
            /** @description Free days before the first charge */
            trialDays?: number;
            /** @description Days to pay an invoice; null falls back to the tenant setting (customer wins) */
            netPaymentTerms?: number | null;
            /** @description Days an invoice stays a draft; null falls back to the tenant setting */
            invoiceGracePeriodDays?: number | null;
            /**
             * @description Marketing feature list, shown as given
             * @example [
             *       "Unlimited projects",
             *       "Priority support"
             *     ]
             */
            features?: string[];
            isActive?: boolean;
        };
        /**
         * @example {
         *       "id": "price_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *       "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "amount": 49.99,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PlanPrice: {
            /** @example price_01JD7X3Q8K9V2N4M6P8R0S2T4X */
            id: string;
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            planId: string;
            /** @example USD */
            currency: string;
            /**
             * @description In major units (49.99 USD, 1500 JPY, 1.234 KWD), exact
             * @example 49.99
             */
            amount: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description The currency never changes
         * @example {
         *       "amount": 59.99
         *     }
         */
        UpdatePlanPriceRequest: {
            /** @example 49.99 */
            amount: number;
        };
        /**
         * @example {
         *       "id": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "name": "API calls",
         *       "code": "api_calls",
         *       "aggregationType": "SUM",
         *       "fieldName": "bytes",
         *       "recurring": true,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu",
         *             "us"
         *           ]
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        BillableMetric: {
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            /** @example API calls */
            name: string;
            /**
             * @description Referenced by usage events; immutable
             * @example api_calls
             */
            code: string;
            description: (string & unknown) | null;
            aggregationType: components["schemas"]["AggregationType"];
            /** @example bytes */
            fieldName: (string & unknown) | null;
            recurring: boolean;
            filters: components["schemas"]["BillableMetricFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description How the events of a period are aggregated into a quantity
         * @example SUM
         * @enum {string}
         */
        AggregationType: "COUNT" | "SUM" | "MAX" | "UNIQUE_COUNT" | "LATEST" | "WEIGHTED_SUM";
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu",
         *         "us"
         *       ]
         *     }
         */
        BillableMetricFilter: {
            /**
             * @description An event property
             * @example region
             */
            key: string;
            /**
             * @description The values a charge may price separately, each once
             * @example [
             *       "eu",
             *       "us"
             *     ]
             */
            values: string[];
        };
        /**
         * @example {
         *       "name": "Storage",
         *       "code": "storage_gb",
         *       "aggregationType": "SUM",
         *       "fieldName": "gb",
         *       "recurring": true
         *     }
         */
        CreateBillableMetricRequest: {
            /** @example API calls */
            name: string & unknown;
            /**
             * @description Unique per tenant, immutable; lower case letters, digits, `_` and `-`
             * @example api_calls
             */
            code: string;
            /** @example Calls to the public API */
            description?: string;
            aggregationType: components["schemas"]["AggregationType"];
            /**
             * @description The event property aggregated; required for every aggregation but COUNT
             * @example bytes
             */
            fieldName?: string;
            /**
             * @description Whether the quantity carries over to the next period; only for SUM, UNIQUE_COUNT and WEIGHTED_SUM
             * @example false
             */
            recurring?: boolean;
            /** @description Dimensions of the metric; keys are unique */
            filters?: components["schemas"]["BillableMetricFilter"][];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *           "name": "API calls",
         *           "code": "api_calls",
         *           "aggregationType": "SUM",
         *           "fieldName": "bytes",
         *           "recurring": true,
         *           "filters": [
         *             {
         *               "key": "region",
         *               "values": [
         *                 "eu",
         *                 "us"
         *               ]
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        BillableMetricList: {
            data: components["schemas"]["BillableMetric"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description `code` and `aggregationType` are immutable
         * @example {
         *       "name": "API calls (v2)"
         *     }
         */
        UpdateBillableMetricRequest: {
            /** @example API calls */
            name?: string & unknown;
            /** @example Calls to the public API */
            description?: (string & unknown) | null;
            /**
             * @description The event property aggregated; required for every aggregation but COUNT
             * @example bytes
             */
            fieldName?: (string & unknown) | null;
            /**
             * @description Whether the quantity carries over to the next period; only for SUM, UNIQUE_COUNT and WEIGHTED_SUM
             * @example false
             */
            recurring?: boolean;
            /** @description Dimensions of the metric; keys are unique */
            filters?: components["schemas"]["BillableMetricFilter"][];
        };
        /**
         * @description A usage charge of a plan; its model parameters are fields beside `chargeModel`
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "STANDARD",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "amount": 0.0004,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 0.0004
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Charge: components["schemas"]["StandardCharge"] | components["schemas"]["GraduatedCharge"] | components["schemas"]["VolumeCharge"] | components["schemas"]["PackageCharge"] | components["schemas"]["PercentageCharge"];
        /**
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "STANDARD",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "amount": 0.0004,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 0.0004
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        StandardCharge: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            planId: string;
            billableMetricId: string;
            /** @enum {string} */
            chargeModel: "STANDARD";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming: "IN_ARREARS" | "IN_ADVANCE";
            invoiceDisplayName: (string & unknown) | null;
            minAmount: number | null;
            /**
             * @description Price per unit; major units, up to 12 decimals
             * @example 0.0004
             */
            amount: number;
            filters: components["schemas"]["StandardChargeFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu"
         *       ],
         *       "properties": {
         *         "amount": 0.0004
         *       }
         *     }
         */
        StandardChargeFilter: {
            /**
             * @description A filter key of the metric
             * @example region
             */
            key: string;
            /**
             * @description Values of that key on the metric, priced by `properties`
             * @example [
             *       "eu"
             *     ]
             */
            values: string[];
            properties: {
                /**
                 * @description Price per unit; major units, up to 12 decimals
                 * @example 0.0004
                 */
                amount: number;
            };
        };
        /**
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "GRADUATED",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "graduatedRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ],
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "graduatedRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        GraduatedCharge: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            planId: string;
            billableMetricId: string;
            /** @enum {string} */
            chargeModel: "GRADUATED";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming: "IN_ARREARS" | "IN_ADVANCE";
            invoiceDisplayName: (string & unknown) | null;
            minAmount: number | null;
            /**
             * @description Each range prices the units falling in it; from 0, without gaps, the last open
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            graduatedRanges: components["schemas"]["ChargeRange"][];
            filters: components["schemas"]["GraduatedChargeFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "fromValue": 0,
         *       "toValue": 100,
         *       "perUnitAmount": 0.5,
         *       "flatAmount": 0
         *     }
         */
        ChargeRange: {
            /**
             * @description Where the range starts: 0 for the first; then the previous range’s toValue (0-100, 100-200) or the unit after it (0-100, 101-200), which mean the same units
             * @example 0
             */
            fromValue: number;
            /**
             * @description Inclusive upper bound: the range holds the quantities above the previous range’s toValue up to this one; null (or omitted) on the last
             * @example 100
             */
            toValue?: number | null;
            /**
             * @description Price of one unit in the range; major units, up to 12 decimals
             * @example 0.5
             */
            perUnitAmount: number;
            /**
             * @description Charged once when at least one unit falls in the range (default 0); major units, up to 12 decimals
             * @example 0
             */
            flatAmount?: number;
        };
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu"
         *       ],
         *       "properties": {
         *         "graduatedRanges": [
         *           {
         *             "fromValue": 0,
         *             "toValue": 100,
         *             "perUnitAmount": 1,
         *             "flatAmount": 0
         *           },
         *           {
         *             "fromValue": 100,
         *             "toValue": 200,
         *             "perUnitAmount": 0.5,
         *             "flatAmount": 0
         *           },
         *           {
         *             "fromValue": 200,
         *             "toValue": null,
         *             "perUnitAmount": 0.1,
         *             "flatAmount": 0
         *           }
         *         ]
         *       }
         *     }
         */
        GraduatedChargeFilter: {
            /**
             * @description A filter key of the metric
             * @example region
             */
            key: string;
            /**
             * @description Values of that key on the metric, priced by `properties`
             * @example [
             *       "eu"
             *     ]
             */
            values: string[];
            properties: {
                /**
                 * @description Each range prices the units falling in it; from 0, without gaps, the last open
                 * @example [
                 *       {
                 *         "fromValue": 0,
                 *         "toValue": 100,
                 *         "perUnitAmount": 1,
                 *         "flatAmount": 0
                 *       },
                 *       {
                 *         "fromValue": 100,
                 *         "toValue": 200,
                 *         "perUnitAmount": 0.5,
                 *         "flatAmount": 0
                 *       },
                 *       {
                 *         "fromValue": 200,
                 *         "toValue": null,
                 *         "perUnitAmount": 0.1,
                 *         "flatAmount": 0
                 *       }
                 *     ]
                 */
                graduatedRanges: components["schemas"]["ChargeRange"][];
            };
        };
        /**
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "VOLUME",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "volumeRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ],
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "volumeRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        VolumeCharge: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            planId: string;
            billableMetricId: string;
            /** @enum {string} */
            chargeModel: "VOLUME";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming: "IN_ARREARS" | "IN_ADVANCE";
            invoiceDisplayName: (string & unknown) | null;
            minAmount: number | null;
            /**
             * @description Every unit at the price of the range the total falls in, plus its flat fee
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            volumeRanges: components["schemas"]["ChargeRange"][];
            filters: components["schemas"]["VolumeChargeFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu"
         *       ],
         *       "properties": {
         *         "volumeRanges": [
         *           {
         *             "fromValue": 0,
         *             "toValue": 100,
         *             "perUnitAmount": 1,
         *             "flatAmount": 0
         *           },
         *           {
         *             "fromValue": 100,
         *             "toValue": 200,
         *             "perUnitAmount": 0.5,
         *             "flatAmount": 0
         *           },
         *           {
         *             "fromValue": 200,
         *             "toValue": null,
         *             "perUnitAmount": 0.1,
         *             "flatAmount": 0
         *           }
         *         ]
         *       }
         *     }
         */
        VolumeChargeFilter: {
            /**
             * @description A filter key of the metric
             * @example region
             */
            key: string;
            /**
             * @description Values of that key on the metric, priced by `properties`
             * @example [
             *       "eu"
             *     ]
             */
            values: string[];
            properties: {
                /**
                 * @description Every unit at the price of the range the total falls in, plus its flat fee
                 * @example [
                 *       {
                 *         "fromValue": 0,
                 *         "toValue": 100,
                 *         "perUnitAmount": 1,
                 *         "flatAmount": 0
                 *       },
                 *       {
                 *         "fromValue": 100,
                 *         "toValue": 200,
                 *         "perUnitAmount": 0.5,
                 *         "flatAmount": 0
                 *       },
                 *       {
                 *         "fromValue": 200,
                 *         "toValue": null,
                 *         "perUnitAmount": 0.1,
                 *         "flatAmount": 0
                 *       }
                 *     ]
                 */
                volumeRanges: components["schemas"]["ChargeRange"][];
            };
        };
        /**
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "PACKAGE",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "amount": 5,
         *       "packageSize": 1000,
         *       "freeUnits": 0,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 5,
         *             "packageSize": 1000,
         *             "freeUnits": 0
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PackageCharge: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            planId: string;
            billableMetricId: string;
            /** @enum {string} */
            chargeModel: "PACKAGE";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming: "IN_ARREARS" | "IN_ADVANCE";
            invoiceDisplayName: (string & unknown) | null;
            minAmount: number | null;
            /**
             * @description Price of one package, started packages count in full; major units, up to 12 decimals
             * @example 5
             */
            amount: number;
            /**
             * @description Units in a package
             * @example 1000
             */
            packageSize: number;
            /**
             * @description Units free before packages count
             * @example 0
             */
            freeUnits?: number;
            filters: components["schemas"]["PackageChargeFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu"
         *       ],
         *       "properties": {
         *         "amount": 5,
         *         "packageSize": 1000,
         *         "freeUnits": 0
         *       }
         *     }
         */
        PackageChargeFilter: {
            /**
             * @description A filter key of the metric
             * @example region
             */
            key: string;
            /**
             * @description Values of that key on the metric, priced by `properties`
             * @example [
             *       "eu"
             *     ]
             */
            values: string[];
            properties: {
                /**
                 * @description Price of one package, started packages count in full; major units, up to 12 decimals
                 * @example 5
                 */
                amount: number;
                /**
                 * @description Units in a package
                 * @example 1000
                 */
                packageSize: number;
                /**
                 * @description Units free before packages count
                 * @example 0
                 */
                freeUnits?: number;
            };
        };
        /**
         * @example {
         *       "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "planId": "string",
         *       "billableMetricId": "string",
         *       "chargeModel": "PERCENTAGE",
         *       "billingTiming": "IN_ARREARS",
         *       "minAmount": 0,
         *       "rate": 2.5,
         *       "fixedAmount": 0.3,
         *       "freeUnitsPerEvents": 10,
         *       "freeUnitsPerTotalAggregation": 1000,
         *       "perTransactionMin": 0.5,
         *       "perTransactionMax": 50,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "rate": 2.5,
         *             "fixedAmount": 0.3,
         *             "freeUnitsPerEvents": 10,
         *             "freeUnitsPerTotalAggregation": 1000,
         *             "perTransactionMin": 0.5,
         *             "perTransactionMax": 50
         *           }
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PercentageCharge: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            id: string;
            planId: string;
            billableMetricId: string;
            /** @enum {string} */
            chargeModel: "PERCENTAGE";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming: "IN_ARREARS" | "IN_ADVANCE";
            invoiceDisplayName: (string & unknown) | null;
            minAmount: number | null;
            /**
             * @description Percentage of each transaction, up to 4 decimals
             * @example 2.5
             */
            rate: number;
            /**
             * @description Added to the fee of every paying transaction; major units, up to 12 decimals
             * @example 0.3
             */
            fixedAmount?: number;
            /**
             * @description The first N transactions of a period are free
             * @example 10
             */
            freeUnitsPerEvents?: number;
            /**
             * @description The first X of transaction amount of a period is free (with both, whichever ends first); major units, up to 12 decimals
             * @example 1000
             */
            freeUnitsPerTotalAggregation?: number;
            /**
             * @description Least fee of a paying transaction; major units, up to 12 decimals
             * @example 0.5
             */
            perTransactionMin?: number;
            /**
             * @description Greatest fee of a paying transaction; major units, up to 12 decimals
             * @example 50
             */
            perTransactionMax?: number;
            filters: components["schemas"]["PercentageChargeFilter"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "key": "region",
         *       "values": [
         *         "eu"
         *       ],
         *       "properties": {
         *         "rate": 2.5,
         *         "fixedAmount": 0.3,
         *         "freeUnitsPerEvents": 10,
         *         "freeUnitsPerTotalAggregation": 1000,
         *         "perTransactionMin": 0.5,
         *         "perTransactionMax": 50
         *       }
         *     }
         */
        PercentageChargeFilter: {
            /**
             * @description A filter key of the metric
             * @example region
             */
            key: string;
            /**
             * @description Values of that key on the metric, priced by `properties`
             * @example [
             *       "eu"
             *     ]
             */
            values: string[];
            properties: {
                /**
                 * @description Percentage of each transaction, up to 4 decimals
                 * @example 2.5
                 */
                rate: number;
                /**
                 * @description Added to the fee of every paying transaction; major units, up to 12 decimals
                 * @example 0.3
                 */
                fixedAmount?: number;
                /**
                 * @description The first N transactions of a period are free
                 * @example 10
                 */
                freeUnitsPerEvents?: number;
                /**
                 * @description The first X of transaction amount of a period is free (with both, whichever ends first); major units, up to 12 decimals
                 * @example 1000
                 */
                freeUnitsPerTotalAggregation?: number;
                /**
                 * @description Least fee of a paying transaction; major units, up to 12 decimals
                 * @example 0.5
                 */
                perTransactionMin?: number;
                /**
                 * @description Greatest fee of a paying transaction; major units, up to 12 decimals
                 * @example 50
                 */
                perTransactionMax?: number;
            };
        };
        /**
         * @description Discriminated by `chargeModel`: each model takes its own fields and no others
         * @example {
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "chargeModel": "GRADUATED",
         *       "graduatedRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5
         *         },
         *         {
         *           "fromValue": 200,
         *           "perUnitAmount": 0.1
         *         }
         *       ]
         *     }
         */
        CreateChargeRequest: components["schemas"]["CreateStandardChargeRequest"] | components["schemas"]["CreateGraduatedChargeRequest"] | components["schemas"]["CreateVolumeChargeRequest"] | components["schemas"]["CreatePackageChargeRequest"] | components["schemas"]["CreatePercentageChargeRequest"];
        /**
         * @example {
         *       "chargeModel": "STANDARD",
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 0.0004
         *           }
         *         }
         *       ],
         *       "amount": 0.0004
         *     }
         */
        CreateStandardChargeRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            chargeModel: "CreateStandardChargeRequest";
            /** @example plan_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            planId: string;
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            billableMetricId: string;
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["StandardChargeFilter"][];
            /**
             * @description Price per unit; major units, up to 12 decimals
             * @example 0.0004
             */
            amount: number;
        };
        /**
         * @example {
         *       "chargeModel": "GRADUATED",
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "graduatedRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "graduatedRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ]
         *     }
         */
        CreateGraduatedChargeRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            chargeModel: "CreateGraduatedChargeRequest";
            /** @example plan_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            planId: string;
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            billableMetricId: string;
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["GraduatedChargeFilter"][];
            /**
             * @description Each range prices the units falling in it; from 0, without gaps, the last open
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            graduatedRanges: components["schemas"]["ChargeRange"][];
        };
        /**
         * @example {
         *       "chargeModel": "VOLUME",
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "volumeRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "volumeRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ]
         *     }
         */
        CreateVolumeChargeRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            chargeModel: "CreateVolumeChargeRequest";
            /** @example plan_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            planId: string;
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            billableMetricId: string;
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["VolumeChargeFilter"][];
            /**
             * @description Every unit at the price of the range the total falls in, plus its flat fee
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            volumeRanges: components["schemas"]["ChargeRange"][];
        };
        /**
         * @example {
         *       "chargeModel": "PACKAGE",
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 5,
         *             "packageSize": 1000,
         *             "freeUnits": 0
         *           }
         *         }
         *       ],
         *       "amount": 5,
         *       "packageSize": 1000,
         *       "freeUnits": 0
         *     }
         */
        CreatePackageChargeRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            chargeModel: "CreatePackageChargeRequest";
            /** @example plan_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            planId: string;
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            billableMetricId: string;
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["PackageChargeFilter"][];
            /**
             * @description Price of one package, started packages count in full; major units, up to 12 decimals
             * @example 5
             */
            amount: number;
            /**
             * @description Units in a package
             * @example 1000
             */
            packageSize: number;
            /**
             * @description Units free before packages count
             * @example 0
             */
            freeUnits?: number;
        };
        /**
         * @example {
         *       "chargeModel": "PERCENTAGE",
         *       "planId": "plan_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetricId": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "rate": 2.5,
         *             "fixedAmount": 0.3,
         *             "freeUnitsPerEvents": 10,
         *             "freeUnitsPerTotalAggregation": 1000,
         *             "perTransactionMin": 0.5,
         *             "perTransactionMax": 50
         *           }
         *         }
         *       ],
         *       "rate": 2.5,
         *       "fixedAmount": 0.3,
         *       "freeUnitsPerEvents": 10,
         *       "freeUnitsPerTotalAggregation": 1000,
         *       "perTransactionMin": 0.5,
         *       "perTransactionMax": 50
         *     }
         */
        CreatePercentageChargeRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            chargeModel: "CreatePercentageChargeRequest";
            /** @example plan_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            planId: string;
            /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            billableMetricId: string;
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["PercentageChargeFilter"][];
            /**
             * @description Percentage of each transaction, up to 4 decimals
             * @example 2.5
             */
            rate: number;
            /**
             * @description Added to the fee of every paying transaction; major units, up to 12 decimals
             * @example 0.3
             */
            fixedAmount?: number;
            /**
             * @description The first N transactions of a period are free
             * @example 10
             */
            freeUnitsPerEvents?: number;
            /**
             * @description The first X of transaction amount of a period is free (with both, whichever ends first); major units, up to 12 decimals
             * @example 1000
             */
            freeUnitsPerTotalAggregation?: number;
            /**
             * @description Least fee of a paying transaction; major units, up to 12 decimals
             * @example 0.5
             */
            perTransactionMin?: number;
            /**
             * @description Greatest fee of a paying transaction; major units, up to 12 decimals
             * @example 50
             */
            perTransactionMax?: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *           "planId": "string",
         *           "billableMetricId": "string",
         *           "chargeModel": "STANDARD",
         *           "billingTiming": "IN_ARREARS",
         *           "minAmount": 0,
         *           "amount": 0.0004,
         *           "filters": [
         *             {
         *               "key": "region",
         *               "values": [
         *                 "eu"
         *               ],
         *               "properties": {
         *                 "amount": 0.0004
         *               }
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        ChargeList: {
            data: components["schemas"]["Charge"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description Either settings only, or `chargeModel` with all of that model’s parameters (and `filters`) replacing the current ones. Plan and metric are immutable.
         * @example {
         *       "chargeModel": "STANDARD",
         *       "amount": 0.0005,
         *       "billingTiming": "IN_ARREARS"
         *     }
         */
        UpdateChargeRequest: components["schemas"]["UpdateChargeSettingsRequest"] | components["schemas"]["UpdateStandardChargeRequest"] | components["schemas"]["UpdateGraduatedChargeRequest"] | components["schemas"]["UpdateVolumeChargeRequest"] | components["schemas"]["UpdatePackageChargeRequest"] | components["schemas"]["UpdatePercentageChargeRequest"];
        /**
         * @example {
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10
         *     }
         */
        UpdateChargeSettingsRequest: {
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
        };
        /**
         * @example {
         *       "chargeModel": "STANDARD",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 0.0004
         *           }
         *         }
         *       ],
         *       "amount": 0.0004
         *     }
         */
        UpdateStandardChargeRequest: {
            /** @enum {string} */
            chargeModel: "STANDARD";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["StandardChargeFilter"][];
            /**
             * @description Price per unit; major units, up to 12 decimals
             * @example 0.0004
             */
            amount: number;
        };
        /**
         * @example {
         *       "chargeModel": "GRADUATED",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "graduatedRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "graduatedRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ]
         *     }
         */
        UpdateGraduatedChargeRequest: {
            /** @enum {string} */
            chargeModel: "GRADUATED";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["GraduatedChargeFilter"][];
            /**
             * @description Each range prices the units falling in it; from 0, without gaps, the last open
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            graduatedRanges: components["schemas"]["ChargeRange"][];
        };
        /**
         * @example {
         *       "chargeModel": "VOLUME",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "volumeRanges": [
         *               {
         *                 "fromValue": 0,
         *                 "toValue": 100,
         *                 "perUnitAmount": 1,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 100,
         *                 "toValue": 200,
         *                 "perUnitAmount": 0.5,
         *                 "flatAmount": 0
         *               },
         *               {
         *                 "fromValue": 200,
         *                 "toValue": null,
         *                 "perUnitAmount": 0.1,
         *                 "flatAmount": 0
         *               }
         *             ]
         *           }
         *         }
         *       ],
         *       "volumeRanges": [
         *         {
         *           "fromValue": 0,
         *           "toValue": 100,
         *           "perUnitAmount": 1,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 100,
         *           "toValue": 200,
         *           "perUnitAmount": 0.5,
         *           "flatAmount": 0
         *         },
         *         {
         *           "fromValue": 200,
         *           "toValue": null,
         *           "perUnitAmount": 0.1,
         *           "flatAmount": 0
         *         }
         *       ]
         *     }
         */
        UpdateVolumeChargeRequest: {
            /** @enum {string} */
            chargeModel: "VOLUME";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["VolumeChargeFilter"][];
            /**
             * @description Every unit at the price of the range the total falls in, plus its flat fee
             * @example [
             *       {
             *         "fromValue": 0,
             *         "toValue": 100,
             *         "perUnitAmount": 1,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 100,
             *         "toValue": 200,
             *         "perUnitAmount": 0.5,
             *         "flatAmount": 0
             *       },
             *       {
             *         "fromValue": 200,
             *         "toValue": null,
             *         "perUnitAmount": 0.1,
             *         "flatAmount": 0
             *       }
             *     ]
             */
            volumeRanges: components["schemas"]["ChargeRange"][];
        };
        /**
         * @example {
         *       "chargeModel": "PACKAGE",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "amount": 5,
         *             "packageSize": 1000,
         *             "freeUnits": 0
         *           }
         *         }
         *       ],
         *       "amount": 5,
         *       "packageSize": 1000,
         *       "freeUnits": 0
         *     }
         */
        UpdatePackageChargeRequest: {
            /** @enum {string} */
            chargeModel: "PACKAGE";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["PackageChargeFilter"][];
            /**
             * @description Price of one package, started packages count in full; major units, up to 12 decimals
             * @example 5
             */
            amount: number;
            /**
             * @description Units in a package
             * @example 1000
             */
            packageSize: number;
            /**
             * @description Units free before packages count
             * @example 0
             */
            freeUnits?: number;
        };
        /**
         * @example {
         *       "chargeModel": "PERCENTAGE",
         *       "billingTiming": "IN_ARREARS",
         *       "invoiceDisplayName": "API calls",
         *       "minAmount": 10,
         *       "filters": [
         *         {
         *           "key": "region",
         *           "values": [
         *             "eu"
         *           ],
         *           "properties": {
         *             "rate": 2.5,
         *             "fixedAmount": 0.3,
         *             "freeUnitsPerEvents": 10,
         *             "freeUnitsPerTotalAggregation": 1000,
         *             "perTransactionMin": 0.5,
         *             "perTransactionMax": 50
         *           }
         *         }
         *       ],
         *       "rate": 2.5,
         *       "fixedAmount": 0.3,
         *       "freeUnitsPerEvents": 10,
         *       "freeUnitsPerTotalAggregation": 1000,
         *       "perTransactionMin": 0.5,
         *       "perTransactionMax": 50
         *     }
         */
        UpdatePercentageChargeRequest: {
            /** @enum {string} */
            chargeModel: "PERCENTAGE";
            /**
             * @description When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`
             * @example IN_ARREARS
             */
            billingTiming?: "IN_ARREARS" | "IN_ADVANCE";
            /** @example API calls */
            invoiceDisplayName?: (string & unknown) | null;
            /**
             * @description Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)
             * @example 10
             */
            minAmount?: number | null;
            filters?: components["schemas"]["PercentageChargeFilter"][];
            /**
             * @description Percentage of each transaction, up to 4 decimals
             * @example 2.5
             */
            rate: number;
            /**
             * @description Added to the fee of every paying transaction; major units, up to 12 decimals
             * @example 0.3
             */
            fixedAmount?: number;
            /**
             * @description The first N transactions of a period are free
             * @example 10
             */
            freeUnitsPerEvents?: number;
            /**
             * @description The first X of transaction amount of a period is free (with both, whichever ends first); major units, up to 12 decimals
             * @example 1000
             */
            freeUnitsPerTotalAggregation?: number;
            /**
             * @description Least fee of a paying transaction; major units, up to 12 decimals
             * @example 0.5
             */
            perTransactionMin?: number;
            /**
             * @description Greatest fee of a paying transaction; major units, up to 12 decimals
             * @example 50
             */
            perTransactionMax?: number;
        };
        /**
         * @example {
         *       "id": "pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P",
         *       "provider": "STRIPE",
         *       "isDefault": true,
         *       "supportedCurrencies": [
         *         "USD",
         *         "EUR"
         *       ],
         *       "credentials": {
         *         "secretKey": "sk_test_…4242",
         *         "webhookSecret": "whsec_…9f3a"
         *       },
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PaymentProvider: {
            /** @example pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P */
            id: string;
            provider: components["schemas"]["PaymentProviderKind"];
            name: (string & unknown) | null;
            isDefault: boolean;
            /**
             * @example [
             *       "USD",
             *       "EUR"
             *     ]
             */
            supportedCurrencies: string[];
            /** @description null: the provider’s real API */
            apiBaseUrl: (string & unknown) | null;
            /**
             * @description Masked hints only (known prefix and last 4); secrets are never returned
             * @example {
             *       "secretKey": "sk_test_…4242",
             *       "webhookSecret": "whsec_…9f3a"
             *     }
             */
            credentials: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description STRIPE (cards), PAYSTACK and FLUTTERWAVE (pan-African), MPESA (mobile money, Safaricom Daraja), SANDBOX (this platform’s stand-in provider for trying payments: no account, any currency, left out of analytics)
         * @example STRIPE
         * @enum {string}
         */
        PaymentProviderKind: "STRIPE" | "PAYSTACK" | "FLUTTERWAVE" | "MPESA" | "SANDBOX";
        /**
         * @example {
         *       "provider": "STRIPE",
         *       "isDefault": true,
         *       "supportedCurrencies": [
         *         "USD",
         *         "EUR"
         *       ],
         *       "credentials": {
         *         "secretKey": "sk_test_51NzQbWExampleKey4242",
         *         "webhookSecret": "whsec_5f1b0c2d4e6a8b9c0d1e2f3a"
         *       }
         *     }
         */
        CreatePaymentProviderRequest: {
            provider: components["schemas"]["PaymentProviderKind"];
            /**
             * @description A label
             * @example Stripe EU
             */
            name?: string;
            /**
             * @description Make this the default provider; clears the flag on the others
             * @example true
             */
            isDefault?: boolean;
            /**
             * @description ISO 4217 codes this configuration takes (any case; stored upper case)
             * @example [
             *       "USD",
             *       "EUR"
             *     ]
             */
            supportedCurrencies?: components["schemas"]["CurrencyCode"][];
            /**
             * Format: uri
             * @description Where the provider API is called instead of its real base URL (a proxy, a local fake). Public hosts only, unless the operator allows private targets
             * @example https://stripe-proxy.example.com
             */
            apiBaseUrl?: string;
            /** @description The provider’s closed credentials object: StripeCredentials, PaystackCredentials, FlutterwaveCredentials or MpesaCredentials, as `provider` says; required but for SANDBOX, which takes none */
            credentials?: Record<string, never>;
        } & (({
            credentials?: components["schemas"]["StripeCredentials"];
        } | {
            provider?: unknown;
        }) & ({
            credentials?: components["schemas"]["PaystackCredentials"];
        } | {
            provider?: unknown;
        }) & ({
            credentials?: components["schemas"]["FlutterwaveCredentials"];
        } | {
            provider?: unknown;
        }) & ({
            credentials?: components["schemas"]["MpesaCredentials"];
        } | {
            provider?: unknown;
        }) & ({
            credentials?: components["schemas"]["SandboxCredentials"];
        } | {
            provider?: unknown;
        }) & (Record<string, never> | {
            provider?: unknown;
        }));
        /**
         * @example {
         *       "secretKey": "sk_test_51NzQbWExampleKey4242",
         *       "webhookSecret": "whsec_5f1b0c2d4e6a8b9c0d1e2f3a4b5c6d7e"
         *     }
         */
        StripeCredentials: {
            /**
             * @description Stripe secret key
             * @example sk_test_51NzQbWExampleKey4242
             */
            secretKey: string & unknown;
            /**
             * @description Stripe webhook signing secret (`whsec_...`)
             * @example whsec_5f1b0c2d4e6a8b9c0d1e2f3a4b5c6d7e
             */
            webhookSecret: string & unknown;
        };
        /**
         * @example {
         *       "secretKey": "sk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3"
         *     }
         */
        PaystackCredentials: {
            /**
             * @description Paystack secret key
             * @example sk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3
             */
            secretKey: string & unknown;
        };
        /**
         * @example {
         *       "secretKey": "FLWSECK_TEST-3c9a8d2e1f0b4a5c6d7e8f9a0b1c2d3e-X",
         *       "secretHash": "a-long-random-hash-4d2f"
         *     }
         */
        FlutterwaveCredentials: {
            /**
             * @description Flutterwave secret key
             * @example FLWSECK_TEST-3c9a8d2e1f0b4a5c6d7e8f9a0b1c2d3e-X
             */
            secretKey: string & unknown;
            /**
             * @description Flutterwave webhook secret hash (sent back in `verif-hash`)
             * @example a-long-random-hash-4d2f
             */
            secretHash: string & unknown;
        };
        /**
         * @example {
         *       "consumerKey": "GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV",
         *       "consumerSecret": "X3nPPfo0Plk3vd2a",
         *       "shortcode": "174379",
         *       "passkey": "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
         *       "environment": "sandbox",
         *       "initiatorName": "testapi",
         *       "securityCredential": "Safaricom999!*!EncryptedBase64Credential=="
         *     }
         */
        MpesaCredentials: {
            /**
             * @description Daraja app consumer key
             * @example GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV
             */
            consumerKey: string & unknown;
            /**
             * @description Daraja app consumer secret
             * @example X3nPPfo0Plk3vd2a
             */
            consumerSecret: string & unknown;
            /**
             * @description Paybill or till number
             * @example 174379
             */
            shortcode: string;
            /**
             * @description Lipa na M-Pesa Online passkey
             * @example bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919
             */
            passkey: string & unknown;
            /**
             * @description Daraja environment: sandbox.safaricom.co.ke or api.safaricom.co.ke
             * @example sandbox
             * @enum {string}
             */
            environment: "sandbox" | "production";
            /**
             * @description Daraja API operator (initiator) that reversals run as; needed for refunds
             * @example testapi
             */
            initiatorName?: string;
            /**
             * @description The initiator password encrypted with Safaricom’s public certificate, base64 (needed for refunds)
             * @example Safaricom999!*!EncryptedBase64Credential==
             */
            securityCredential?: string & unknown;
        };
        /**
         * @description Nothing: the sandbox’s key and webhook secret are made for you
         * @example {}
         */
        SandboxCredentials: Record<string, never>;
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P",
         *           "provider": "STRIPE",
         *           "isDefault": true,
         *           "supportedCurrencies": [
         *             "USD",
         *             "EUR"
         *           ],
         *           "credentials": {
         *             "secretKey": "sk_test_…4242",
         *             "webhookSecret": "whsec_…9f3a"
         *           },
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PaymentProviderList: {
            data: components["schemas"]["PaymentProvider"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "isDefault": true,
         *       "credentials": {
         *         "secretKey": "sk_test_51NzQbWNewKey9876"
         *       }
         *     }
         */
        UpdatePaymentProviderRequest: {
            name?: (string & unknown) | null;
            /**
             * @description Make this the default provider; clears the flag on the others
             * @example true
             */
            isDefault?: boolean;
            /**
             * @description ISO 4217 codes this configuration takes (any case; stored upper case)
             * @example [
             *       "USD",
             *       "EUR"
             *     ]
             */
            supportedCurrencies?: components["schemas"]["CurrencyCode"][];
            /**
             * Format: uri
             * @description Where the provider API is called instead of its real base URL (a proxy, a local fake). Public hosts only, unless the operator allows private targets
             * @example https://stripe-proxy.example.com
             */
            apiBaseUrl?: string | null;
            /** @description Fields of the provider’s credentials to replace; the others are kept. Only fields of the configured provider are accepted. Changing `apiBaseUrl` requires every field. */
            credentials?: {
                /**
                 * @description Stripe, Paystack or Flutterwave secret key
                 * @example sk_test_51NzQbWNewKey9876
                 */
                secretKey?: string & unknown;
                /**
                 * @description Stripe webhook signing secret (`whsec_...`)
                 * @example whsec_5f1b0c2d4e6a8b9c0d1e2f3a4b5c6d7e
                 */
                webhookSecret?: string & unknown;
                /**
                 * @description Flutterwave webhook secret hash (sent back in `verif-hash`)
                 * @example a-long-random-hash-4d2f
                 */
                secretHash?: string & unknown;
                /**
                 * @description Daraja app consumer key
                 * @example GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV
                 */
                consumerKey?: string & unknown;
                /**
                 * @description Daraja app consumer secret
                 * @example X3nPPfo0Plk3vd2a
                 */
                consumerSecret?: string & unknown;
                /**
                 * @description Paybill or till number
                 * @example 174379
                 */
                shortcode?: string;
                /**
                 * @description Lipa na M-Pesa Online passkey
                 * @example bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919
                 */
                passkey?: string & unknown;
                /**
                 * @description Daraja environment: sandbox.safaricom.co.ke or api.safaricom.co.ke
                 * @example sandbox
                 * @enum {string}
                 */
                environment?: "sandbox" | "production";
                /**
                 * @description Daraja API operator (initiator) that reversals run as; needed for refunds
                 * @example testapi
                 */
                initiatorName?: string;
                /**
                 * @description The initiator password encrypted with Safaricom’s public certificate, base64 (needed for refunds)
                 * @example Safaricom999!*!EncryptedBase64Credential==
                 */
                securityCredential?: string & unknown;
            };
        };
        /**
         * @description The provider, tested: a refusal is a 502 instead
         * @example {
         *       "id": "pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P",
         *       "provider": "STRIPE",
         *       "isDefault": true,
         *       "supportedCurrencies": [
         *         "USD",
         *         "EUR"
         *       ],
         *       "credentials": {
         *         "secretKey": "sk_test_…4242",
         *         "webhookSecret": "whsec_…9f3a"
         *       },
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z",
         *       "ok": true,
         *       "checkedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PaymentProviderConnectionTest: {
            /** @example pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P */
            id: string;
            provider: components["schemas"]["PaymentProviderKind"];
            name: (string & unknown) | null;
            isDefault: boolean;
            /**
             * @example [
             *       "USD",
             *       "EUR"
             *     ]
             */
            supportedCurrencies: string[];
            /** @description null: the provider’s real API */
            apiBaseUrl: (string & unknown) | null;
            /**
             * @description Masked hints only (known prefix and last 4); secrets are never returned
             * @example {
             *       "secretKey": "sk_test_…4242",
             *       "webhookSecret": "whsec_…9f3a"
             *     }
             */
            credentials: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
            /**
             * @description The provider accepted the stored credentials
             * @enum {boolean}
             */
            ok: true;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            checkedAt: string;
        };
        /**
         * @example {
         *       "id": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "code": "BLACKFRIDAY",
         *       "name": "Black Friday",
         *       "description": "20% off for three months",
         *       "discountType": "PERCENTAGE",
         *       "percentage": 20,
         *       "amount": null,
         *       "currency": null,
         *       "frequency": "RECURRING",
         *       "frequencyDuration": 3,
         *       "expiresAt": "2026-11-21T10:00:00.000Z",
         *       "maxRedemptions": 100,
         *       "redemptions": 0,
         *       "planIds": [],
         *       "billableMetricIds": [],
         *       "isActive": true,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        Coupon: {
            /** @example cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example BLACKFRIDAY */
            code: string;
            /** @example Black Friday */
            name: string;
            /** @example 20% off for three months */
            description: (string & unknown) | null;
            discountType: components["schemas"]["CouponDiscountType"];
            /** @example 20 */
            percentage: number | null;
            /**
             * @description In major units
             * @example null
             */
            amount: number | null;
            /** @example null */
            currency: string | null;
            frequency: components["schemas"]["CouponFrequency"];
            /** @example 3 */
            frequencyDuration: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expiresAt: string | null;
            /** @example 100 */
            maxRedemptions: number | null;
            /**
             * @description Applications so far; never given back
             * @example 0
             */
            redemptions: number;
            /** @example [] */
            planIds: string[];
            /**
             * @description Empty: the coupon discounts subscription lines; else only these metrics’ usage lines
             * @example []
             */
            billableMetricIds: string[];
            /** @example true */
            isActive: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description PERCENTAGE takes `percentage`; FIXED_AMOUNT takes `amount` and `currency`
         * @example PERCENTAGE
         * @enum {string}
         */
        CouponDiscountType: "PERCENTAGE" | "FIXED_AMOUNT";
        /**
         * @description ONCE: the next invoice; RECURRING: `frequencyDuration` billing periods; FOREVER: every invoice
         * @example RECURRING
         * @enum {string}
         */
        CouponFrequency: "ONCE" | "RECURRING" | "FOREVER";
        /**
         * @example {
         *       "code": "BLACKFRIDAY",
         *       "name": "Black Friday",
         *       "discountType": "PERCENTAGE",
         *       "percentage": 20,
         *       "frequency": "RECURRING",
         *       "frequencyDuration": 3,
         *       "maxRedemptions": 100
         *     }
         */
        CreateCouponRequest: {
            /**
             * @description Any case; stored upper case. Unique in the tenant (409 `coupon_code_taken`); immutable
             * @example BLACKFRIDAY
             */
            code: string;
            /** @example Black Friday */
            name: string & unknown;
            /** @example 20% off for three months */
            description?: string;
            discountType: components["schemas"]["CouponDiscountType"];
            /**
             * @description PERCENTAGE only: 0 < p <= 100, up to 4 decimals
             * @example 20
             */
            percentage?: number;
            /**
             * @description FIXED_AMOUNT only, in major units; decimals as the currency has
             * @example 10
             */
            amount?: number;
            /**
             * @description FIXED_AMOUNT only: ISO 4217, any case
             * @example USD
             */
            currency?: string;
            frequency: components["schemas"]["CouponFrequency"];
            /** @description RECURRING only (required): billing periods */
            frequencyDuration?: number;
            /**
             * Format: date-time
             * @description Must be in the future when set; null never expires
             * @example 2026-12-31T23:59:59.000Z
             */
            expiresAt?: string | null;
            /**
             * @description How many times the coupon may be applied in all, at most 2,147,483,647; null is unlimited
             * @example 100
             */
            maxRedemptions?: number | null;
            /** @description Plans the coupon is restricted to; [] (default) is any plan. An unknown plan is 404 plan_not_found */
            planIds?: string[];
            /** @description Billable metrics the coupon is limited to: it then discounts only the usage lines of these metrics, not the subscription fee; [] (default) discounts subscription lines. An unknown metric is 404 billable_metric_not_found */
            billableMetricIds?: string[];
            /** @description Default true */
            isActive?: boolean;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "code": "BLACKFRIDAY",
         *           "name": "Black Friday",
         *           "description": "20% off for three months",
         *           "discountType": "PERCENTAGE",
         *           "percentage": 20,
         *           "amount": null,
         *           "currency": null,
         *           "frequency": "RECURRING",
         *           "frequencyDuration": 3,
         *           "expiresAt": "2026-11-21T10:00:00.000Z",
         *           "maxRedemptions": 100,
         *           "redemptions": 0,
         *           "planIds": [],
         *           "billableMetricIds": [],
         *           "isActive": true,
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CouponList: {
            data: components["schemas"]["Coupon"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description The code and the discount terms are immutable: sending one is 400 (create a new coupon instead)
         * @example {
         *       "name": "Black Friday (extended)",
         *       "maxRedemptions": 200
         *     }
         */
        UpdateCouponRequest: {
            /** @example Black Friday */
            name?: string & unknown;
            /** @example 20% off for three months */
            description?: (string & unknown) | null;
            /**
             * Format: date-time
             * @description Must be in the future when set; null never expires
             * @example 2026-12-31T23:59:59.000Z
             */
            expiresAt?: string | null;
            /**
             * @description How many times the coupon may be applied in all, at most 2,147,483,647; null is unlimited
             * @example 100
             */
            maxRedemptions?: number | null;
            isActive?: boolean;
            /** @description Plans the coupon is restricted to; [] (default) is any plan. An unknown plan is 404 plan_not_found */
            planIds?: string[];
        };
        /**
         * @example {
         *       "id": "acpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "couponCode": "BLACKFRIDAY",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "status": "ACTIVE",
         *       "remainingPeriods": 3,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "terminatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        AppliedCoupon: {
            /** @example acpn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            couponId: string;
            /** @example BLACKFRIDAY */
            couponCode: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @example ACTIVE
             * @enum {string}
             */
            status: "ACTIVE" | "TERMINATED";
            /**
             * @description RECURRING coupons: billing periods still discounted; null otherwise
             * @example 3
             */
            remainingPeriods: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            terminatedAt: string | null;
        };
        /**
         * @example {
         *       "couponCode": "blackfriday",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W"
         *     }
         */
        ApplyCouponRequest: {
            /**
             * @description Any case; give this or couponId, not both
             * @example blackfriday
             */
            couponCode?: string;
            /**
             * @description Or couponCode
             * @example cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            couponId?: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
        } & (unknown | unknown);
        /**
         * @example {
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Prepaid credits",
         *       "currency": "USD",
         *       "rateAmount": 1,
         *       "paidCredits": 0,
         *       "grantedCredits": 100,
         *       "expirationAt": "2027-12-31T23:59:59.000Z",
         *       "invoiceRequiresSuccessfulPayment": false,
         *       "lowBalanceThresholdCredits": 10,
         *       "recurringTopUps": [
         *         {
         *           "trigger": "THRESHOLD",
         *           "thresholdCredits": 10,
         *           "method": "FIXED",
         *           "paidCredits": 50
         *         }
         *       ]
         *     }
         */
        CreateWalletRequest: {
            /**
             * @description The customer; one ACTIVE wallet each
             * @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            customerId: string;
            /** @example Prepaid credits */
            name?: string;
            /**
             * @description Default: the customer’s currency
             * @example USD
             */
            currency?: string;
            /**
             * @description The value of one credit in major units, above 0, up to 12 decimals (default 1)
             * @example 1
             */
            rateAmount?: number;
            /**
             * @description Credits sold on a credit-purchase invoice (finalized at once); they settle at once, or when that invoice is paid if `invoiceRequiresSuccessfulPayment`; up to 5 decimals
             * @example 0
             */
            paidCredits?: number;
            /**
             * @description Credits given free, settled at once; up to 5 decimals
             * @example 100
             */
            grantedCredits?: number;
            /**
             * Format: date-time
             * @description When the remaining credits are voided and the wallet TERMINATED; in the future; null never
             * @example 2027-12-31T23:59:59.000Z
             */
            expirationAt?: string | null;
            /**
             * @description Paid credits settle only once their invoice is paid (default false)
             * @example false
             */
            invoiceRequiresSuccessfulPayment?: boolean;
            /**
             * @description Ongoing credits at or below which `wallet.low_balance` is sent; up to 5 decimals
             * @example 10
             */
            lowBalanceThresholdCredits?: number | null;
            /** @description At most one rule per trigger. Paid credits are sold on a credit-purchase invoice (its checkout started through the default payment provider when one takes the currency); a firing tops up once, whatever retries happen. A field the rule does not read (an `interval` on a THRESHOLD rule, `targetCredits` on a FIXED one, paid or granted credits on a TARGET one) is refused unless null */
            recurringTopUps?: components["schemas"]["RecurringTopUpRequest"][];
        };
        /**
         * @example {
         *       "trigger": "THRESHOLD",
         *       "thresholdCredits": 10,
         *       "method": "FIXED",
         *       "paidCredits": 50
         *     }
         */
        RecurringTopUpRequest: {
            trigger: components["schemas"]["TopUpTrigger"];
            /**
             * @description For an INTERVAL rule: how often it fires, on the customer’s calendar (the anchor day kept)
             * @example MONTHLY
             * @enum {string|null}
             */
            interval?: "MONTHLY" | "QUARTERLY" | "YEARLY" | "WEEKLY" | null;
            /**
             * @description For a THRESHOLD rule: the ongoing credits at or below which it fires; up to 5 decimals
             * @example 10
             */
            thresholdCredits?: number | null;
            method: components["schemas"]["TopUpMethod"];
            /**
             * @description For FIXED: credits bought on a credit-purchase invoice at each firing; up to 5 decimals
             * @example 50
             */
            paidCredits?: number | null;
            /**
             * @description For FIXED: credits granted free at each firing; up to 5 decimals
             * @example 0
             */
            grantedCredits?: number | null;
            /**
             * @description For TARGET: the ongoing credits a firing buys up to; up to 5 decimals
             * @example 100
             */
            targetCredits?: number | null;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "name": "Prepaid credits",
         *           "currency": "USD",
         *           "rateAmount": 1,
         *           "status": "ACTIVE",
         *           "creditsBalance": 100,
         *           "balance": 100,
         *           "consumedCredits": 0,
         *           "ongoingBalance": 87.5,
         *           "ongoingCreditsBalance": 87.5,
         *           "expirationAt": "2026-11-21T10:00:00.000Z",
         *           "invoiceRequiresSuccessfulPayment": false,
         *           "lowBalanceThresholdCredits": null,
         *           "recurringTopUps": [
         *             {
         *               "trigger": "THRESHOLD",
         *               "interval": null,
         *               "thresholdCredits": 10,
         *               "method": "FIXED",
         *               "paidCredits": 50,
         *               "grantedCredits": null,
         *               "targetCredits": null
         *             }
         *           ],
         *           "terminatedAt": "2026-11-21T10:00:00.000Z",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        WalletList: {
            data: components["schemas"]["Wallet"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "name": "Credits",
         *       "expirationAt": "2027-12-31T23:59:59.000Z",
         *       "lowBalanceThresholdCredits": 10,
         *       "recurringTopUps": [
         *         {
         *           "trigger": "THRESHOLD",
         *           "thresholdCredits": 10,
         *           "method": "FIXED",
         *           "paidCredits": 50
         *         }
         *       ]
         *     }
         */
        UpdateWalletRequest: {
            /** @example Credits */
            name?: (string & unknown) | null;
            /**
             * Format: date-time
             * @description When the remaining credits are voided and the wallet TERMINATED; in the future; null never
             * @example 2027-12-31T23:59:59.000Z
             */
            expirationAt?: string | null;
            /**
             * @description Ongoing credits at or below which `wallet.low_balance` is sent; up to 5 decimals
             * @example 10
             */
            lowBalanceThresholdCredits?: number | null;
            /** @description Replaces the wallet's rules ([] removes them). At most one rule per trigger. Paid credits are sold on a credit-purchase invoice (its checkout started through the default payment provider when one takes the currency); a firing tops up once, whatever retries happen. A field the rule does not read (an `interval` on a THRESHOLD rule, `targetCredits` on a FIXED one, paid or granted credits on a TARGET one) is refused unless null */
            recurringTopUps?: components["schemas"]["RecurringTopUpRequest"][];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "walletId": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "transactionType": "INBOUND",
         *           "status": "SETTLED",
         *           "source": "GRANT",
         *           "creditAmount": 100,
         *           "amount": 100,
         *           "currency": "USD",
         *           "invoiceId": null,
         *           "trigger": "MANUAL",
         *           "name": null,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "settledAt": "2026-11-21T10:00:00.000Z",
         *           "createdAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CreatedWalletTransactions: {
            data: components["schemas"]["WalletTransaction"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "walletId": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "paidCredits": 0,
         *       "grantedCredits": 50,
         *       "voidedCredits": 0,
         *       "name": "Goodwill",
         *       "metadata": {
         *         "crmId": "A-1042"
         *       }
         *     }
         */
        CreateWalletTransactionsRequest: {
            /** @example wal_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            walletId: string;
            /**
             * @description Credits sold on a credit-purchase invoice (finalized at once); PENDING until it is paid when the wallet has `invoiceRequiresSuccessfulPayment`; up to 5 decimals
             * @example 0
             */
            paidCredits?: number;
            /**
             * @description Credits given free, settled at once; up to 5 decimals
             * @example 50
             */
            grantedCredits?: number;
            /**
             * @description Credits taken out (granted before paid, oldest first); never above the balance; up to 5 decimals
             * @example 0
             */
            voidedCredits?: number;
            /** @example Goodwill */
            name?: string;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "walletId": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "transactionType": "INBOUND",
         *           "status": "SETTLED",
         *           "source": "GRANT",
         *           "creditAmount": 100,
         *           "amount": 100,
         *           "currency": "USD",
         *           "invoiceId": null,
         *           "trigger": "MANUAL",
         *           "name": null,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "settledAt": "2026-11-21T10:00:00.000Z",
         *           "createdAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        WalletTransactionList: {
            data: components["schemas"]["WalletTransaction"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "aaon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "addOnId": "aon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "addOnCode": "setup-fee",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "amount": 49.99,
         *       "currency": "USD",
         *       "quantity": 1,
         *       "status": "PENDING",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "invoicedAt": "2026-11-21T10:00:00.000Z",
         *       "removedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        AppliedAddOn: {
            /** @example aaon_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example aon_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            addOnId: string;
            /** @example setup-fee */
            addOnCode: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @description Per unit, in major units of `currency` (the customer’s)
             * @example 49.99
             */
            amount: number;
            /** @example USD */
            currency: string;
            /** @example 1 */
            quantity: number;
            status: components["schemas"]["AppliedAddOnStatus"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            invoicedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            removedAt: string | null;
        };
        /**
         * @description PENDING until an invoice bills it (INVOICED) or it is removed (REMOVED)
         * @example PENDING
         * @enum {string}
         */
        AppliedAddOnStatus: "PENDING" | "INVOICED" | "REMOVED";
        /**
         * @description Exactly one of `addOnId` and `addOnCode`
         * @example {
         *       "addOnCode": "setup-fee",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "quantity": 1
         *     }
         */
        ApplyAddOnRequest: {
            /**
             * @description The add-on; give this or `addOnCode`
             * @example aon_01JD7X3Q8K9V2N4M6P8R0S2T4W
             */
            addOnId?: string;
            /**
             * @description The add-on’s code; give this or `addOnId`
             * @example setup-fee
             */
            addOnCode?: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @description Per unit, in the customer’s currency and its decimals; default: the add-on’s price in that currency (409 `add_on_price_missing` when it has none)
             * @example 49.99
             */
            amount?: number;
            /**
             * @description Optional; must be the customer’s currency, which the applied add-on is always billed in
             * @example USD
             */
            currency?: string;
            /**
             * @default 1
             * @example 1
             */
            quantity: number;
        } & (unknown | unknown);
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "aaon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "addOnId": "aon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "addOnCode": "setup-fee",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 49.99,
         *           "currency": "USD",
         *           "quantity": 1,
         *           "status": "PENDING",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "invoicedAt": "2026-11-21T10:00:00.000Z",
         *           "removedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        AppliedAddOnList: {
            data: components["schemas"]["AppliedAddOn"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "aon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "name": "Setup fee",
         *       "code": "setup-fee",
         *       "description": "One-off onboarding",
         *       "type": "ONE_TIME",
         *       "invoiceDisplayName": "Onboarding",
         *       "prices": [
         *         {
         *           "currency": "USD",
         *           "amount": 49.99
         *         }
         *       ],
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        AddOn: {
            /** @example aon_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /** @example Setup fee */
            name: string;
            /** @example setup-fee */
            code: string;
            /** @example One-off onboarding */
            description: (string & unknown) | null;
            type: components["schemas"]["AddOnType"];
            /** @example Onboarding */
            invoiceDisplayName: (string & unknown) | null;
            /** @description One price per currency, in the order given */
            prices: components["schemas"]["AddOnPrice"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description ONE_TIME: billed once on the next invoice; RECURRING: billed on every invoice until removed
         * @example ONE_TIME
         * @enum {string}
         */
        AddOnType: "ONE_TIME" | "RECURRING";
        /**
         * @description The add-on’s price in one currency
         * @example {
         *       "currency": "USD",
         *       "amount": 49.99
         *     }
         */
        AddOnPrice: {
            /** @example USD */
            currency: string;
            /**
             * @description In major units (49.99 USD, 1500 JPY, 1.234 KWD), exact
             * @example 49.99
             */
            amount: number;
        };
        /**
         * @example {
         *       "name": "Setup fee",
         *       "code": "setup-fee",
         *       "type": "ONE_TIME",
         *       "prices": [
         *         {
         *           "currency": "USD",
         *           "amount": 10
         *         },
         *         {
         *           "currency": "JPY",
         *           "amount": 1500
         *         }
         *       ]
         *     }
         */
        CreateAddOnRequest: {
            /** @example Setup fee */
            name: string & unknown;
            /**
             * @description Unique among the tenant’s add-ons (409 `add_on_code_taken`); immutable
             * @example setup-fee
             */
            code: string;
            /** @example One-off onboarding */
            description?: string;
            type: components["schemas"]["AddOnType"];
            /**
             * @description The invoice line’s text; defaults to the name
             * @example Onboarding
             */
            invoiceDisplayName?: string;
            /** @description At most one price per currency (a second one is 400) */
            prices?: components["schemas"]["AddOnPriceInput"][];
        };
        /**
         * @description More decimals than the currency has (49.999 USD, 1500.5 JPY) is 400
         * @example {
         *       "currency": "USD",
         *       "amount": 49.99
         *     }
         */
        AddOnPriceInput: {
            currency: components["schemas"]["CurrencyCode"];
            /** @example 49.99 */
            amount: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "aon_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "name": "Setup fee",
         *           "code": "setup-fee",
         *           "description": "One-off onboarding",
         *           "type": "ONE_TIME",
         *           "invoiceDisplayName": "Onboarding",
         *           "prices": [
         *             {
         *               "currency": "USD",
         *               "amount": 49.99
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        AddOnList: {
            data: components["schemas"]["AddOn"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description `code` is immutable: sending it is 400 (create a new add-on instead)
         * @example {
         *       "name": "Setup fee (2027)",
         *       "prices": [
         *         {
         *           "currency": "USD",
         *           "amount": 12
         *         }
         *       ]
         *     }
         */
        UpdateAddOnRequest: {
            /** @example Setup fee */
            name?: string & unknown;
            /** @example One-off onboarding */
            description?: (string & unknown) | null;
            /**
             * @description ONE_TIME: billed once on the next invoice; RECURRING: billed on every invoice until removed
             * @example ONE_TIME
             * @enum {string}
             */
            type?: "ONE_TIME" | "RECURRING";
            /**
             * @description The invoice line’s text; defaults to the name
             * @example Onboarding
             */
            invoiceDisplayName?: (string & unknown) | null;
            /** @description Replaces every price of the add-on; applied add-ons keep the amount they were applied with */
            prices?: components["schemas"]["AddOnPriceInput"][];
        };
        /**
         * @example {
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "externalId": "crm-sub-7",
         *       "metadata": {
         *         "crmId": "S-7"
         *       }
         *     }
         */
        CreateSubscriptionRequest: {
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            planId: string;
            /**
             * @description ISO 4217 code; the plan needs a price in it and it must be the customer's currency
             * @example USD
             */
            currency: string;
            /** @description Free days before billing; the plan's by default */
            trialDays?: number;
            /**
             * Format: date-time
             * @description Default now; not in the future, and not so far back that the first period has ended
             * @example 2026-01-01T00:00:00.000Z
             */
            startDate?: string;
            /**
             * @description The caller's own identifier, unique among the tenant's subscriptions
             * @example crm-sub-7
             */
            externalId?: string;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description A coupon applied to the customer with the subscription; 409 `coupon_invalid` when it is not applicable
             * @example WELCOME10
             */
            couponCode?: string;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "status": "ACTIVE",
         *           "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *           "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *           "trialStart": null,
         *           "trialEnd": null,
         *           "cancelAt": null,
         *           "canceledAt": null,
         *           "pausedAt": null,
         *           "pendingPlanId": null,
         *           "externalId": "crm-sub-7",
         *           "metadata": {
         *             "crmId": "S-7"
         *           },
         *           "billingError": null,
         *           "createdAt": "2026-01-01T00:00:00.000Z",
         *           "updatedAt": "2026-01-01T00:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 1,
         *         "page": 1,
         *         "limit": 20,
         *         "totalPages": 1
         *       }
         *     }
         */
        SubscriptionList: {
            data: components["schemas"]["Subscription"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description A subscription with its customer and plan embedded
         * @example {
         *       "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "status": "ACTIVE",
         *       "currentPeriodStart": "2026-11-21T10:00:00.000Z",
         *       "currentPeriodEnd": "2026-11-21T10:00:00.000Z",
         *       "trialStart": "2026-11-21T10:00:00.000Z",
         *       "trialEnd": "2026-11-21T10:00:00.000Z",
         *       "cancelAt": "2026-11-21T10:00:00.000Z",
         *       "canceledAt": "2026-11-21T10:00:00.000Z",
         *       "pausedAt": "2026-11-21T10:00:00.000Z",
         *       "metadata": {
         *         "crmId": "A-1042"
         *       },
         *       "billingError": {
         *         "code": "amount_out_of_range",
         *         "message": "An amount of 10000000000000 minor units of USD is beyond the money maximum of 99999999999.99",
         *         "periodStart": "2026-01-01T00:00:00.000Z",
         *         "periodEnd": "2026-02-01T00:00:00.000Z",
         *         "occurredAt": "2026-02-01T00:00:00.000Z"
         *       },
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z",
         *       "customer": {
         *         "id": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "externalId": "crm-1042",
         *         "name": "Acme GmbH",
         *         "email": "billing@acme.example",
         *         "country": "DE",
         *         "currency": "EUR",
         *         "timezone": "Europe/Berlin",
         *         "netPaymentTerms": 14,
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "testClockId": null,
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       },
         *       "plan": {
         *         "id": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Pro",
         *         "code": "pro",
         *         "description": "For growing teams",
         *         "billingInterval": "MONTHLY",
         *         "billingTiming": "IN_ADVANCE",
         *         "trialDays": 14,
         *         "netPaymentTerms": 30,
         *         "invoiceGracePeriodDays": null,
         *         "features": [
         *           "Unlimited projects"
         *         ],
         *         "isActive": true,
         *         "prices": [
         *           {
         *             "id": "price_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *             "currency": "USD",
         *             "amount": 49.99
         *           }
         *         ],
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        SubscriptionDetail: {
            /** @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            id: string;
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            planId: string;
            /** @example USD */
            currency: string;
            status: components["schemas"]["SubscriptionStatus"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodEnd: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialEnd: string | null;
            /**
             * Format: date-time
             * @description Set by a cancel at period end: when the subscription will end
             * @example 2026-11-21T10:00:00.000Z
             */
            cancelAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            canceledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            pausedAt: string | null;
            /** @description A plan change waiting for the period end (a downgrade by default) */
            pendingPlanId: (string & unknown) | null;
            externalId: (string & unknown) | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @description null, or why a period’s invoice could not be issued (it waits for a retry) */
            billingError: components["schemas"]["SubscriptionBillingError"] | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
            /** @description null once the customer is deleted (possible only after every subscription of theirs ended) */
            customer: components["schemas"]["Customer"] | null;
            plan: components["schemas"]["Plan"];
        };
        /**
         * @description Only metadata changes here (replaced as a whole); the lifecycle has its own actions
         * @example {
         *       "metadata": {
         *         "crmId": "S-8"
         *       }
         *     }
         */
        UpdateSubscriptionRequest: {
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
        };
        /**
         * @description The subscription as stored after the cancellation, with the credit notes it issued
         * @example {
         *       "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "status": "CANCELED",
         *       "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *       "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *       "trialStart": null,
         *       "trialEnd": null,
         *       "cancelAt": null,
         *       "canceledAt": null,
         *       "pausedAt": null,
         *       "pendingPlanId": null,
         *       "externalId": "crm-sub-7",
         *       "metadata": {
         *         "crmId": "S-7"
         *       },
         *       "billingError": null,
         *       "createdAt": "2026-01-01T00:00:00.000Z",
         *       "updatedAt": "2026-01-01T00:00:00.000Z",
         *       "creditNoteIds": [
         *         "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W"
         *       ]
         *     }
         */
        SubscriptionCancellation: {
            /** @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            id: string;
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            planId: string;
            /** @example USD */
            currency: string;
            status: components["schemas"]["SubscriptionStatus"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            currentPeriodEnd: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialStart: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            trialEnd: string | null;
            /**
             * Format: date-time
             * @description Set by a cancel at period end: when the subscription will end
             * @example 2026-11-21T10:00:00.000Z
             */
            cancelAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            canceledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            pausedAt: string | null;
            /** @description A plan change waiting for the period end (a downgrade by default) */
            pendingPlanId: (string & unknown) | null;
            externalId: (string & unknown) | null;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @description null, or why a period’s invoice could not be issued (it waits for a retry) */
            billingError: components["schemas"]["SubscriptionBillingError"] | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
            /** @description The FINALIZED credit notes this cancellation issued for the unused, already invoiced part of the period (`GET /credit-notes/{id}`), oldest first: one per invoice credited (after an upgrade, the proration invoice and the base invoice). Empty for `period_end`, a period billed in arrears, a trial or nothing left to credit */
            creditNoteIds: string[];
        };
        /**
         * @example {
         *       "cancelAt": "period_end"
         *     }
         */
        CancelSubscriptionRequest: {
            /**
             * @description `now` ends it at once (prorated credit); `period_end` lets the current period run out
             * @enum {string}
             */
            cancelAt: "now" | "period_end";
        };
        /**
         * @example {
         *       "newPlanId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4X",
         *       "effective": "now"
         *     }
         */
        ChangeSubscriptionPlanRequest: {
            /** @example plan_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            newPlanId: string;
            /**
             * @description Default: an upgrade (higher price per day) now, a downgrade at period end
             * @enum {string}
             */
            effective?: "now" | "period_end";
        };
        /**
         * @description The open period so far (a trial while TRIALING), priced on the current plan’s charges by the code that bills it at the close: with no further events, what the closing invoice’s USAGE lines will carry
         * @example {
         *       "periodStart": "2026-01-01T00:00:00.000Z",
         *       "periodEnd": "2026-02-01T00:00:00.000Z",
         *       "currency": "USD",
         *       "amount": 12.5,
         *       "charges": [
         *         {
         *           "chargeId": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *           "billableMetric": {
         *             "id": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *             "code": "api_calls",
         *             "aggregationType": "COUNT"
         *           },
         *           "units": 1250,
         *           "amount": 12.5,
         *           "filters": [
         *             {
         *               "values": [
         *                 "eu"
         *               ],
         *               "units": 250,
         *               "amount": 5
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        SubscriptionUsage: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            periodStart: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            periodEnd: string;
            /** @example USD */
            currency: string;
            /**
             * @description Every charge’s amount together
             * @example 12.5
             */
            amount: number;
            charges: components["schemas"]["ChargeUsage"][];
        };
        /**
         * @example {
         *       "chargeId": "chg_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *       "billableMetric": {
         *         "id": "bm_01JD3Z8V4N6QKX2M7R9T5W0BCY",
         *         "code": "api_calls",
         *         "aggregationType": "SUM"
         *       },
         *       "units": 1250,
         *       "amount": 12.5,
         *       "filters": [
         *         {
         *           "values": [
         *             "eu"
         *           ],
         *           "units": 1250,
         *           "amount": 12.5
         *         }
         *       ]
         *     }
         */
        ChargeUsage: {
            /** @example chg_01JD3Z8V4N6QKX2M7R9T5W0BCY */
            chargeId: string;
            billableMetric: {
                /** @example bm_01JD3Z8V4N6QKX2M7R9T5W0BCY */
                id: string;
                /** @example api_calls */
                code: string;
                aggregationType: components["schemas"]["AggregationType"];
            };
            /**
             * @description The metric’s aggregation over the open segment (to 12 decimals when it has no finite decimal form)
             * @example 1250
             */
            units: number;
            /**
             * @description The charge’s total so far: every filter, the events no filter took, and the minAmount true-up
             * @example 12.5
             */
            amount: number;
            /** @description One entry per charge filter, in the charge’s order */
            filters: {
                /**
                 * @description The charge filter’s values
                 * @example [
                 *       "eu"
                 *     ]
                 */
                values: string[];
                /**
                 * @description The metric’s aggregation over the open segment (to 12 decimals when it has no finite decimal form)
                 * @example 1250
                 */
                units: number;
                /**
                 * @description Major units of the subscription’s currency, rounded once as the invoice line will be
                 * @example 12.5
                 */
                amount: number;
            }[];
        };
        /**
         * @example {
         *       "id": "evt_01JD9A2B3C4D5E6F7G8H9J0K1M",
         *       "transactionId": "req-7f3a9c",
         *       "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "code": "storage_gb",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "properties": {
         *         "gb": "12.5",
         *         "region": "eu"
         *       },
         *       "createdAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        UsageEvent: {
            /** @example evt_01JD9A2B3C4D5E6F7G8H9J0K1M */
            id: string;
            /** @example req-7f3a9c */
            transactionId: string;
            /** @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            subscriptionId: string;
            /** @example cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E */
            customerId: string;
            /** @example storage_gb */
            code: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp: string;
            properties: components["schemas"]["UsageEventProperties"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description String (at most 1,000 characters) or number values, at most 64 keys, names of at most 100 characters. The metric reads `fieldName` (a finite number or numeric string of up to 15 significant digits for SUM, MAX, LATEST, WEIGHTED_SUM); `operation_type` (add | remove) only on UNIQUE_COUNT metrics; a metric filter key takes one of its values.
         * @example {
         *       "gb": "12.5",
         *       "region": "eu"
         *     }
         */
        UsageEventProperties: {
            [key: string]: string | number;
        };
        /**
         * @example {
         *       "transactionId": "req-7f3a9c",
         *       "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *       "code": "storage_gb",
         *       "timestamp": "2026-11-21T10:00:00.000Z",
         *       "properties": {
         *         "gb": "12.5",
         *         "region": "eu"
         *       }
         *     }
         */
        CreateUsageEventRequest: {
            /**
             * @description The caller's idempotency key, unique per tenant: a repeat with the same payload adds nothing
             * @example req-7f3a9c
             */
            transactionId: string;
            /**
             * @description The subscription’s id; send this or `externalSubscriptionId`, exactly one of the two
             * @example sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E
             */
            subscriptionId?: string;
            /**
             * @description The subscription’s `externalId` (your own id for it), instead of `subscriptionId`; exactly one of the two
             * @example crm-sub-7
             */
            externalSubscriptionId?: string;
            /**
             * @description The code of a billable metric
             * @example storage_gb
             */
            code: string;
            /**
             * Format: date-time
             * @description When the usage happened; the time of receipt by default. At most 5 minutes ahead, not before the subscription started or after it ended, not while it is paused, not in a period already invoiced
             * @example 2026-11-21T10:00:00.000Z
             */
            timestamp?: string;
            /**
             * @description String (at most 1,000 characters) or number values, at most 64 keys, names of at most 100 characters. The metric reads `fieldName` (a finite number or numeric string of up to 15 significant digits for SUM, MAX, LATEST, WEIGHTED_SUM); `operation_type` (add | remove) only on UNIQUE_COUNT metrics; a metric filter key takes one of its values.
             * @example {
             *       "gb": "12.5",
             *       "region": "eu"
             *     }
             */
            properties?: {
                [key: string]: string | number;
            };
        };
        /**
         * @example {
         *       "created": 0,
         *       "duplicates": 0,
         *       "data": [
         *         {
         *           "id": "evt_01JD9A2B3C4D5E6F7G8H9J0K1M",
         *           "transactionId": "req-7f3a9c",
         *           "duplicate": true
         *         }
         *       ]
         *     }
         */
        UsageEventBatchResult: {
            /** @description Events stored by this request */
            created: number;
            /** @description Identical replays of events stored before */
            duplicates: number;
            /** @description One entry per event, in input order */
            data: {
                /** @example evt_01JD9A2B3C4D5E6F7G8H9J0K1M */
                id: string;
                /** @example req-7f3a9c */
                transactionId: string;
                duplicate: boolean;
            }[];
        };
        /**
         * @example {
         *       "events": [
         *         {
         *           "transactionId": "req-7f3a9c",
         *           "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "code": "storage_gb",
         *           "timestamp": "2026-11-21T10:00:00.000Z",
         *           "properties": {
         *             "gb": "12.5",
         *             "region": "eu"
         *           }
         *         }
         *       ]
         *     }
         */
        CreateUsageEventBatchRequest: {
            events: components["schemas"]["CreateUsageEventRequest"][];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "evt_01JD9A2B3C4D5E6F7G8H9J0K1M",
         *           "transactionId": "req-7f3a9c",
         *           "subscriptionId": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "code": "storage_gb",
         *           "timestamp": "2026-11-21T10:00:00.000Z",
         *           "properties": {
         *             "gb": "12.5",
         *             "region": "eu"
         *           },
         *           "createdAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        UsageEventList: {
            data: components["schemas"]["UsageEvent"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "number": "CN-2026-000001",
         *       "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "reason": "PRODUCT_UNSATISFACTORY",
         *       "description": "Two days of outage in March",
         *       "amount": 12.5,
         *       "items": [
         *         {
         *           "description": "Outage credit",
         *           "amount": 12.5
         *         }
         *       ],
         *       "status": "FINALIZED",
         *       "issuedAt": "2026-11-21T10:00:00.000Z",
         *       "voidedAt": "2026-11-21T10:00:00.000Z",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "updatedAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        CreditNote: {
            /** @example cn_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /**
             * @description `CN-<YYYY>-<000001>`, gapless per tenant; null until finalized
             * @example CN-2026-000001
             */
            number: (string & unknown) | null;
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            invoiceId: string;
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @description The invoice's currency
             * @example USD
             */
            currency: string;
            reason: components["schemas"]["CreditNoteReason"];
            /** @example Two days of outage in March */
            description: (string & unknown) | null;
            /**
             * @description The total credited, in major units
             * @example 12.5
             */
            amount: number;
            /** @description Empty when the note was made from an amount */
            items: components["schemas"]["CreditNoteItem"][];
            status: components["schemas"]["CreditNoteStatus"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            issuedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            voidedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @example PRODUCT_UNSATISFACTORY
         * @enum {string}
         */
        CreditNoteReason: "DUPLICATE" | "PRODUCT_UNSATISFACTORY" | "ORDER_CHANGE" | "OTHER";
        /**
         * @example {
         *       "description": "Outage credit",
         *       "amount": 12.5
         *     }
         */
        CreditNoteItem: {
            /** @example Outage credit */
            description: string & unknown;
            /**
             * @description What this item credits; in major units of the invoice's currency, above 0, decimals as the currency has
             * @example 49.99
             */
            amount: number;
        };
        /**
         * @description DRAFT (editable, counts against the cap), FINALIZED (numbered, in effect), VOIDED
         * @example FINALIZED
         * @enum {string}
         */
        CreditNoteStatus: "DRAFT" | "FINALIZED" | "VOIDED";
        /**
         * @example {
         *       "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "reason": "PRODUCT_UNSATISFACTORY",
         *       "amount": 12.5
         *     }
         */
        CreateCreditNoteRequest: {
            /** @example inv_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            invoiceId: string;
            reason: components["schemas"]["CreditNoteReason"];
            /**
             * @description The amount to credit (or items, not both); in major units of the invoice's currency, above 0, decimals as the currency has
             * @example 49.99
             */
            amount?: number;
            /** @description Or amount: the credit note credits their sum */
            items?: components["schemas"]["CreditNoteItem"][];
            /** @example Two days of outage in March */
            description?: string;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "number": "CN-2026-000001",
         *           "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "reason": "PRODUCT_UNSATISFACTORY",
         *           "description": "Two days of outage in March",
         *           "amount": 12.5,
         *           "items": [
         *             {
         *               "description": "Outage credit",
         *               "amount": 12.5
         *             }
         *           ],
         *           "status": "FINALIZED",
         *           "issuedAt": "2026-11-21T10:00:00.000Z",
         *           "voidedAt": "2026-11-21T10:00:00.000Z",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        CreditNoteList: {
            data: components["schemas"]["CreditNote"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "amount": 10,
         *       "description": "One day of outage"
         *     }
         */
        UpdateCreditNoteRequest: {
            /**
             * @example PRODUCT_UNSATISFACTORY
             * @enum {string}
             */
            reason?: "DUPLICATE" | "PRODUCT_UNSATISFACTORY" | "ORDER_CHANGE" | "OTHER";
            /** @example Two days of outage in March */
            description?: (string & unknown) | null;
            /**
             * @description A new amount; replaces the items; in major units of the invoice's currency, above 0, decimals as the currency has
             * @example 49.99
             */
            amount?: number;
            /** @description New items; replace the amount */
            items?: components["schemas"]["CreditNoteItem"][];
        };
        /**
         * @example {
         *       "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "currency": "USD",
         *       "items": [
         *         {
         *           "description": "Onboarding workshop",
         *           "quantity": 2,
         *           "unitAmount": 150
         *         }
         *       ],
         *       "dueDate": "2026-02-15",
         *       "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "metadata": {
         *         "crmId": "A-1042"
         *       }
         *     }
         */
        CreateInvoiceRequest: {
            /** @example cust_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            customerId: string;
            /**
             * @description ISO 4217, any case; the customer's by default
             * @example USD
             */
            currency?: string;
            items: components["schemas"]["InvoiceItemRequest"][];
            /**
             * @description A date (the start of that day in the customer’s time zone: the customer’s, else the tenant’s) or a timestamp; by default finalize sets issue date + net payment terms
             * @example 2026-02-15
             */
            dueDate?: string;
            /** @example sub_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            subscriptionId?: string;
            /**
             * @example {
             *       "crmId": "A-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "description": "Onboarding workshop",
         *       "quantity": 2,
         *       "unitAmount": 150
         *     }
         */
        InvoiceItemRequest: {
            /** @example Onboarding workshop */
            description: string & unknown;
            /**
             * @description Greater than 0, up to 12 decimals; quantity × unitAmount at most the largest amount
             * @example 2
             */
            quantity: number;
            /**
             * @description In major units; decimals as the currency has (400 otherwise)
             * @example 150
             */
            unitAmount: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "number": "INV-2026-000001",
         *           "status": "OPEN",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "lines": [
         *             {
         *               "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "type": "SUBSCRIPTION",
         *               "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *               "quantity": 1,
         *               "unitAmount": 30,
         *               "amount": 30,
         *               "periodStart": "2026-01-01T00:00:00.000Z",
         *               "periodEnd": "2026-02-01T00:00:00.000Z"
         *             }
         *           ],
         *           "subtotal": 30,
         *           "discount": 6,
         *           "discounts": [
         *             {
         *               "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "code": "WELCOME20",
         *               "amount": 6
         *             }
         *           ],
         *           "tax": 0,
         *           "total": 24,
         *           "amountCredited": 0,
         *           "prepaidCreditAmount": 0,
         *           "amountPaid": 0,
         *           "amountDue": 24,
         *           "issuedAt": "2026-11-21T10:00:00.000Z",
         *           "dueDate": "2026-11-21T10:00:00.000Z",
         *           "paidAt": "2026-11-21T10:00:00.000Z",
         *           "voidedAt": "2026-11-21T10:00:00.000Z",
         *           "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        InvoiceList: {
            data: components["schemas"]["Invoice"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "to": "billing@globex.example"
         *     }
         */
        SendInvoiceEmailRequest: {
            /**
             * Format: email
             * @description Recipient; the customer’s e-mail by default. Another address needs the tenant’s own SMTP settings
             */
            to?: string;
        };
        /**
         * @example {
         *       "providerId": "string",
         *       "successUrl": "https://example.com/paid",
         *       "cancelUrl": "https://example.com/paid",
         *       "phoneNumber": "+254712345678"
         *     }
         */
        CheckoutRequest: {
            /** @description The payment provider configuration; default: the default provider taking the currency, else the oldest */
            providerId?: string;
            /**
             * Format: uri
             * @description Where the hosted checkout sends the payer after paying
             * @example https://example.com/paid
             */
            successUrl?: string;
            /**
             * Format: uri
             * @description Where the hosted checkout sends a payer who gives up
             * @example https://example.com/paid
             */
            cancelUrl?: string;
            /**
             * @description E.164; required for M-Pesa (the payment prompt goes to this phone)
             * @example +254712345678
             */
            phoneNumber?: string;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 30,
         *           "currency": "USD",
         *           "requestedAmount": 30,
         *           "requestedCurrency": "USD",
         *           "amountApplied": 30,
         *           "provider": "MANUAL",
         *           "status": "SUCCEEDED",
         *           "amountRefunded": 0,
         *           "providerReference": null,
         *           "failureReason": null,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "checkoutUrl": null,
         *           "expiresAt": "2026-11-21T10:00:00.000Z",
         *           "succeededAt": "2026-11-21T10:00:00.000Z",
         *           "failedAt": "2026-11-21T10:00:00.000Z",
         *           "refunds": [
         *             {
         *               "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "paymentId": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "amount": 10,
         *               "amountFromCredit": 0,
         *               "currency": "USD",
         *               "reason": "requested_by_customer",
         *               "status": "SUCCEEDED",
         *               "providerReference": "re_3MtwBwLkdIwHu7ix28a3tqPa",
         *               "failureReason": null,
         *               "creditNoteId": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "creditNoteSkippedReason": null,
         *               "createdAt": "2026-11-21T10:00:00.000Z",
         *               "updatedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "events": [
         *             {
         *               "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
         *               "type": "checkout.session.completed",
         *               "receivedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PaymentList: {
            data: components["schemas"]["Payment"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "amount": 10,
         *       "reason": "requested_by_customer"
         *     }
         */
        RefundPaymentRequest: {
            /**
             * @description In major units of the payment's currency, above 0, decimals as the currency has; absent: all that is left to refund
             * @example 10
             */
            amount?: number;
            /** @example requested_by_customer */
            reason?: string;
            /**
             * @description Once the refund succeeds, also record a FINALIZED credit note of reason OTHER for the refunded amount on the paid invoice (default false)
             * @example false
             */
            createCreditNote?: boolean;
        };
        /**
         * @example {
         *       "paymentId": "pay_01JD6Z8Q2W3E4R5T6Y7U8I9O0P",
         *       "checkoutId": "cs_sbx_3q9V0fJk2xYcL1mNpRtUw",
         *       "status": "PAID",
         *       "notified": true
         *     }
         */
        SandboxPaymentAction: {
            /** @example pay_01JD6Z8Q2W3E4R5T6Y7U8I9O0P */
            paymentId: string;
            /**
             * @description The sandbox’s checkout
             * @example cs_sbx_3q9V0fJk2xYcL1mNpRtUw
             */
            checkoutId: string;
            /** @description What the sandbox checkout became */
            status: "PAID" | "DECLINED";
            /** @description Whether the signed notification was taken by this platform; when false the payment workflow still finds the outcome at its next verification */
            notified: boolean;
        };
        /**
         * @example {
         *       "currency": "USD",
         *       "totalRevenue": 1250.5,
         *       "mrr": 1250.5,
         *       "arr": 1250.5,
         *       "months": [
         *         {
         *           "month": "string",
         *           "revenue": 1250.5
         *         }
         *       ],
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "totalRevenue": 1250.5,
         *           "mrr": 1250.5,
         *           "arr": 1250.5,
         *           "months": [
         *             {
         *               "month": "string",
         *               "revenue": 1250.5
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        RevenueAnalytics: {
            /** @example USD */
            currency: string;
            /**
             * @description Payments received less refunds paid out in the range, in major units
             * @example 1250.5
             */
            totalRevenue: number;
            /**
             * @description Monthly recurring revenue at the end of the range, in major units
             * @example 1250.5
             */
            mrr: number;
            /**
             * @description mrr x 12, in major units
             * @example 1250.5
             */
            arr: number;
            /** @description Every UTC month of the range, oldest first, zeros included */
            months: {
                month: string;
                /**
                 * @description The month’s revenue, in major units
                 * @example 1250.5
                 */
                revenue: number;
            }[];
            byCurrency: {
                /** @example USD */
                currency: string;
                /**
                 * @description Payments received less refunds paid out in the range, in major units
                 * @example 1250.5
                 */
                totalRevenue: number;
                /**
                 * @description Monthly recurring revenue at the end of the range, in major units
                 * @example 1250.5
                 */
                mrr: number;
                /**
                 * @description mrr x 12, in major units
                 * @example 1250.5
                 */
                arr: number;
                /** @description Every UTC month of the range, oldest first, zeros included */
                months: {
                    month: string;
                    /**
                     * @description The month’s revenue, in major units
                     * @example 1250.5
                     */
                    revenue: number;
                }[];
            }[];
        };
        /**
         * @example {
         *       "byStatus": {
         *         "TRIALING": 0,
         *         "ACTIVE": 0,
         *         "PAUSED": 0,
         *         "PAST_DUE": 0,
         *         "CANCELED": 0
         *       },
         *       "new": 0,
         *       "canceled": 0,
         *       "churnRate": 0,
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "byStatus": {
         *             "TRIALING": 0,
         *             "ACTIVE": 0,
         *             "PAUSED": 0,
         *             "PAST_DUE": 0,
         *             "CANCELED": 0
         *           },
         *           "new": 0,
         *           "canceled": 0,
         *           "churnRate": 0
         *         }
         *       ]
         *     }
         */
        SubscriptionAnalytics: {
            byStatus: {
                /** @description TRIALING at the end of the range */
                TRIALING: number;
                /** @description ACTIVE at the end of the range */
                ACTIVE: number;
                /** @description PAUSED at the end of the range */
                PAUSED: number;
                /** @description PAST_DUE at the end of the range */
                PAST_DUE: number;
                /** @description CANCELED at the end of the range */
                CANCELED: number;
            };
            /** @description Subscriptions started in the range */
            new: number;
            /** @description Subscriptions canceled in the range */
            canceled: number;
            /** @description canceled over the live subscriptions at the start of the range, 4 decimals */
            churnRate: number;
            byCurrency: {
                /** @example USD */
                currency: string;
                byStatus: {
                    /** @description TRIALING at the end of the range */
                    TRIALING: number;
                    /** @description ACTIVE at the end of the range */
                    ACTIVE: number;
                    /** @description PAUSED at the end of the range */
                    PAUSED: number;
                    /** @description PAST_DUE at the end of the range */
                    PAST_DUE: number;
                    /** @description CANCELED at the end of the range */
                    CANCELED: number;
                };
                /** @description Subscriptions started in the range */
                new: number;
                /** @description Subscriptions canceled in the range */
                canceled: number;
                /** @description canceled over the live subscriptions at the start of the range, 4 decimals */
                churnRate: number;
            }[];
        };
        /**
         * @example {
         *       "total": 0,
         *       "new": 0,
         *       "churned": 0,
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "total": 0,
         *           "new": 0,
         *           "churned": 0
         *         }
         *       ]
         *     }
         */
        CustomerAnalytics: {
            /** @description Customers at the end of the range */
            total: number;
            /** @description Customers created in the range */
            new: number;
            /** @description Customers whose last live or paused subscription ended in the range */
            churned: number;
            byCurrency: {
                /** @example USD */
                currency: string;
                /** @description Customers at the end of the range */
                total: number;
                /** @description Customers created in the range */
                new: number;
                /** @description Customers whose last live or paused subscription ended in the range */
                churned: number;
            }[];
        };
        /**
         * @example {
         *       "successRate": 0,
         *       "currency": "USD",
         *       "volume": 1250.5,
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "volume": 1250.5,
         *           "succeeded": 0,
         *           "failed": 0,
         *           "refunded": 1250.5
         *         }
         *       ]
         *     }
         */
        PaymentAnalytics: {
            /** @description Provider payments SUCCEEDED (refunded since included) over SUCCEEDED + FAILED, 4 decimals */
            successRate: number;
            /** @example USD */
            currency: string;
            /**
             * @description Payments received in the range, in major units
             * @example 1250.5
             */
            volume: number;
            byCurrency: {
                /** @example USD */
                currency: string;
                /**
                 * @description Payments received in the range, in major units
                 * @example 1250.5
                 */
                volume: number;
                /** @description Payments that succeeded in the range */
                succeeded: number;
                /** @description Payments that failed in the range */
                failed: number;
                /**
                 * @description Refunds paid out in the range, in major units
                 * @example 1250.5
                 */
                refunded: number;
            }[];
        };
        /**
         * @example {
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "new": 1250.5,
         *           "expansion": 1250.5,
         *           "contraction": 1250.5,
         *           "churned": 1250.5,
         *           "netNew": 1250.5,
         *           "byPlan": [
         *             {
         *               "planId": "string",
         *               "mrr": 1250.5
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        MrrBreakdown: {
            byCurrency: {
                /** @example USD */
                currency: string;
                /**
                 * @description MRR from customers that were not paying (first subscription, trial converted, return after churn), in major units
                 * @example 1250.5
                 */
                new: number;
                /**
                 * @description MRR added by paying or paused customers (upgrade, resume, another subscription), in major units
                 * @example 1250.5
                 */
                expansion: number;
                /**
                 * @description MRR lost by customers that stay (downgrade, pause, a second subscription ending), in major units
                 * @example 1250.5
                 */
                contraction: number;
                /**
                 * @description MRR lost by customers whose last live or paused subscription ended, in major units
                 * @example 1250.5
                 */
                churned: number;
                /**
                 * @description new + expansion - contraction - churned: MRR at the end less MRR at the start, in major units
                 * @example 1250.5
                 */
                netNew: number;
                byPlan: {
                    planId: string;
                    /**
                     * @description The plan’s MRR at the end of the range, in major units
                     * @example 1250.5
                     */
                    mrr: number;
                }[];
            }[];
        };
        /**
         * @example {
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "gross": 1250.5,
         *           "refunds": 1250.5,
         *           "creditNotes": 1250.5,
         *           "net": 1250.5
         *         }
         *       ]
         *     }
         */
        NetRevenue: {
            byCurrency: {
                /** @example USD */
                currency: string;
                /**
                 * @description Invoiced in the range before tax (issued invoices not voided), in major units
                 * @example 1250.5
                 */
                gross: number;
                /**
                 * @description Refunds paid out in the range, in major units
                 * @example 1250.5
                 */
                refunds: number;
                /**
                 * @description Credit notes finalized in the range, not voided, not made by a refund, in major units
                 * @example 1250.5
                 */
                creditNotes: number;
                /**
                 * @description gross - refunds - creditNotes, in major units
                 * @example 1250.5
                 */
                net: number;
            }[];
        };
        /**
         * @example {
         *       "byCurrency": [
         *         {
         *           "currency": "USD",
         *           "averageRevenuePerCustomer": 1250.5,
         *           "averageLifespanMonths": 0,
         *           "ltv": 1250.5,
         *           "byPlan": [
         *             {
         *               "planId": "string",
         *               "averageRevenuePerCustomer": 1250.5,
         *               "averageLifespanMonths": 0,
         *               "ltv": 1250.5
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        LifetimeValue: {
            byCurrency: {
                /** @example USD */
                currency: string;
                /**
                 * @description MRR at the end of the range over the customers paying then, in major units
                 * @example 1250.5
                 */
                averageRevenuePerCustomer: number;
                /** @description Average months a subscription has been live, 2 decimals */
                averageLifespanMonths: number;
                /**
                 * @description averageRevenuePerCustomer x averageLifespanMonths, in major units
                 * @example 1250.5
                 */
                ltv: number;
                byPlan: {
                    planId: string;
                    /**
                     * @description MRR at the end of the range over the customers paying then, in major units
                     * @example 1250.5
                     */
                    averageRevenuePerCustomer: number;
                    /** @description Average months a subscription has been live, 2 decimals */
                    averageLifespanMonths: number;
                    /**
                     * @description averageRevenuePerCustomer x averageLifespanMonths, in major units
                     * @example 1250.5
                     */
                    ltv: number;
                }[];
            }[];
        };
        /**
         * @example {
         *       "cohorts": [
         *         {
         *           "month": "string",
         *           "customers": 0,
         *           "retained": [
         *             0
         *           ]
         *         }
         *       ]
         *     }
         */
        ChurnCohorts: {
            cohorts: {
                /** @description Month of the customers’ first subscription */
                month: string;
                /** @description Customers in the cohort */
                customers: number;
                /** @description Month 0, 1, 2, ... up to `months` and never past the range */
                retained: number[];
            }[];
        };
        /**
         * @example {
         *       "customer": {
         *         "id": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *         "externalId": "crm-1042",
         *         "name": "Acme GmbH",
         *         "email": "billing@acme.example",
         *         "country": "DE",
         *         "currency": "EUR",
         *         "timezone": "Europe/Berlin",
         *         "netPaymentTerms": 14,
         *         "metadata": {
         *           "crmId": "A-1042"
         *         },
         *         "testClockId": null,
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       },
         *       "subscriptions": [
         *         {
         *           "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "status": "ACTIVE",
         *           "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *           "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *           "trialStart": null,
         *           "trialEnd": null,
         *           "cancelAt": null,
         *           "canceledAt": null,
         *           "pausedAt": null,
         *           "pendingPlanId": null,
         *           "externalId": "crm-sub-7",
         *           "metadata": {
         *             "crmId": "S-7"
         *           },
         *           "billingError": null,
         *           "createdAt": "2026-01-01T00:00:00.000Z",
         *           "updatedAt": "2026-01-01T00:00:00.000Z"
         *         }
         *       ],
         *       "outstanding": [
         *         {
         *           "currency": "USD",
         *           "amountDue": 49
         *         }
         *       ],
         *       "wallet": {
         *         "id": "wal_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *         "name": "Prepaid credits",
         *         "currency": "USD",
         *         "rateAmount": 1,
         *         "status": "ACTIVE",
         *         "creditsBalance": 100,
         *         "balance": 100,
         *         "consumedCredits": 0,
         *         "ongoingBalance": 87.5,
         *         "ongoingCreditsBalance": 87.5,
         *         "expirationAt": "2026-11-21T10:00:00.000Z",
         *         "invoiceRequiresSuccessfulPayment": false,
         *         "lowBalanceThresholdCredits": null,
         *         "recurringTopUps": [
         *           {
         *             "trigger": "THRESHOLD",
         *             "interval": null,
         *             "thresholdCredits": 10,
         *             "method": "FIXED",
         *             "paidCredits": 50,
         *             "grantedCredits": null,
         *             "targetCredits": null
         *           }
         *         ],
         *         "terminatedAt": "2026-11-21T10:00:00.000Z",
         *         "createdAt": "2026-11-21T10:00:00.000Z",
         *         "updatedAt": "2026-11-21T10:00:00.000Z"
         *       },
         *       "nextInvoiceAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PortalBilling: {
            customer: components["schemas"]["Customer"];
            /** @description Live subscriptions (every status but CANCELED) */
            subscriptions: components["schemas"]["Subscription"][];
            /** @description Per currency, never summed across them */
            outstanding: components["schemas"]["PortalOutstanding"][];
            /** @description The ACTIVE wallet, or null */
            wallet: components["schemas"]["Wallet"] | null;
            /**
             * Format: date-time
             * @description The earliest currentPeriodEnd of the live subscriptions, or null
             * @example 2026-11-21T10:00:00.000Z
             */
            nextInvoiceAt: string | null;
        };
        /**
         * @example {
         *       "currency": "USD",
         *       "amountDue": 49
         *     }
         */
        PortalOutstanding: {
            /** @example USD */
            currency: string;
            /**
             * @description Sum of the amount due of OPEN and UNCOLLECTIBLE invoices
             * @example 49
             */
            amountDue: number;
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "customerId": "cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E",
         *           "planId": "plan_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "status": "ACTIVE",
         *           "currentPeriodStart": "2026-01-01T00:00:00.000Z",
         *           "currentPeriodEnd": "2026-02-01T00:00:00.000Z",
         *           "trialStart": null,
         *           "trialEnd": null,
         *           "cancelAt": null,
         *           "canceledAt": null,
         *           "pausedAt": null,
         *           "pendingPlanId": null,
         *           "externalId": "crm-sub-7",
         *           "metadata": {
         *             "crmId": "S-7"
         *           },
         *           "billingError": null,
         *           "createdAt": "2026-01-01T00:00:00.000Z",
         *           "updatedAt": "2026-01-01T00:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PortalSubscriptionList: {
            data: components["schemas"]["Subscription"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "number": "INV-2026-000001",
         *           "status": "OPEN",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "subscriptionId": "sub_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "currency": "USD",
         *           "lines": [
         *             {
         *               "id": "il_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "type": "SUBSCRIPTION",
         *               "description": "Pro plan (Jan 1 – Feb 1, 2026)",
         *               "quantity": 1,
         *               "unitAmount": 30,
         *               "amount": 30,
         *               "periodStart": "2026-01-01T00:00:00.000Z",
         *               "periodEnd": "2026-02-01T00:00:00.000Z"
         *             }
         *           ],
         *           "subtotal": 30,
         *           "discount": 6,
         *           "discounts": [
         *             {
         *               "couponId": "cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "code": "WELCOME20",
         *               "amount": 6
         *             }
         *           ],
         *           "tax": 0,
         *           "total": 24,
         *           "amountCredited": 0,
         *           "prepaidCreditAmount": 0,
         *           "amountPaid": 0,
         *           "amountDue": 24,
         *           "issuedAt": "2026-11-21T10:00:00.000Z",
         *           "dueDate": "2026-11-21T10:00:00.000Z",
         *           "paidAt": "2026-11-21T10:00:00.000Z",
         *           "voidedAt": "2026-11-21T10:00:00.000Z",
         *           "finalizeAfter": "2026-11-21T10:00:00.000Z",
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PortalInvoiceList: {
            data: components["schemas"]["Invoice"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "data": [
         *         {
         *           "id": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "invoiceId": "inv_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "customerId": "cust_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *           "amount": 30,
         *           "currency": "USD",
         *           "requestedAmount": 30,
         *           "requestedCurrency": "USD",
         *           "amountApplied": 30,
         *           "provider": "MANUAL",
         *           "status": "SUCCEEDED",
         *           "amountRefunded": 0,
         *           "providerReference": null,
         *           "failureReason": null,
         *           "metadata": {
         *             "crmId": "A-1042"
         *           },
         *           "checkoutUrl": null,
         *           "expiresAt": "2026-11-21T10:00:00.000Z",
         *           "succeededAt": "2026-11-21T10:00:00.000Z",
         *           "failedAt": "2026-11-21T10:00:00.000Z",
         *           "refunds": [
         *             {
         *               "id": "re_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "paymentId": "pay_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "amount": 10,
         *               "amountFromCredit": 0,
         *               "currency": "USD",
         *               "reason": "requested_by_customer",
         *               "status": "SUCCEEDED",
         *               "providerReference": "re_3MtwBwLkdIwHu7ix28a3tqPa",
         *               "failureReason": null,
         *               "creditNoteId": "cn_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *               "creditNoteSkippedReason": null,
         *               "createdAt": "2026-11-21T10:00:00.000Z",
         *               "updatedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "events": [
         *             {
         *               "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
         *               "type": "checkout.session.completed",
         *               "receivedAt": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "updatedAt": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "meta": {
         *         "total": 0,
         *         "page": 1,
         *         "limit": 1,
         *         "totalPages": 0
         *       }
         *     }
         */
        PortalPaymentList: {
            data: components["schemas"]["Payment"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @example {
         *       "id": "pss_01JD7X3Q8K9V2N4M6P8R0S2T4W",
         *       "url": "https://billing.example.com/portal?token=eyJ...",
         *       "expiresAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        PortalSession: {
            /** @example pss_01JD7X3Q8K9V2N4M6P8R0S2T4W */
            id: string;
            /**
             * Format: uri
             * @description The page’s link for this one customer; send it to them. Usable until expiresAt
             * @example https://billing.example.com/portal?token=eyJ...
             */
            url: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expiresAt: string;
        };
        /**
         * @example {
         *       "returnUrl": "https://tenant.example/account",
         *       "locale": "de-DE"
         *     }
         */
        CreatePortalSessionRequest: {
            /**
             * Format: uri
             * @description Where the page’s “Back” link takes the customer (your site); http(s)
             * @example https://tenant.example/account
             */
            returnUrl?: string;
            /**
             * @description BCP 47 language tag for number and date formats on the page; default en-US
             * @example de-DE
             */
            locale?: string;
        };
        /**
         * @example {
         *       "received": true
         *     }
         */
        NotificationReceived: {
            /**
             * @description Taken: stored and handed to the payment workflow, or a repeat, or for no payment of ours
             * @enum {boolean}
             */
            received: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down; `message` and `checks` name it */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getApiHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down; `message` and `checks` name it */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhooksReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            /** @description Registered; `apiKey` is shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_taken`: the e-mail is registered already (in any case) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Logged in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Login"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_credentials`, the same for an unknown e-mail, a wrong password or an inactive tenant */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            /** @description A new pair; the presented refresh token no longer works */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPair"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_token`: invalid, expired, revoked or already used */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Always the same message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Password changed, every refresh token revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_token`: invalid, expired, already used, or not a reset token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantDetails"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTenantRequest"];
            };
        };
        responses: {
            /** @description The updated tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantDetails"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenantUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Current counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantUsage"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testTenantSmtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmtpTestRequest"];
            };
        };
        responses: {
            /** @description The server accepted the message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SmtpTestResult"];
                };
            };
            /** @description `smtp_failed` (the server’s error: connection, login, recipient; or a server that offers no STARTTLS when a password would be sent without TLS), `smtp_not_configured` (no SMTP settings yet: set them with PATCH /tenants/me), or `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant with its new `webhookSigningSecret` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantDetails"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key, with its value (`key`), shown only now */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key id (`key_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key (`revokedAt` set) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `api_key_not_found`: unknown, already revoked, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEvents: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description An event of SPEC §6.2 */
                event?: "payment.succeeded" | "payment.failed" | "payment.refunded" | "payment.refund_failed" | "subscription.created" | "subscription.renewed" | "subscription.canceled" | "subscription.paused" | "subscription.resumed" | "subscription.past_due" | "invoice.created" | "invoice.paid" | "invoice.voided" | "invoice.generation_failed" | "wallet.created" | "wallet.terminated" | "wallet.transaction.created" | "wallet.low_balance" | "wallet.depleted" | "test_clock.ready";
                /** @description PENDING: a delivery series is in progress (or about to start); DELIVERED: a 2xx answered; FAILED: all five attempts of the latest series failed; SKIPPED: recorded while the tenant had no webhook URL, never sent */
                status?: "PENDING" | "DELIVERED" | "FAILED" | "SKIPPED";
                /** @description Only the events of this test clock: its customers’ and its `test_clock.ready` */
                testClockId?: string;
                /** @description Recorded at or after: a date (its midnight UTC) or a timestamp */
                dateFrom?: string;
                /** @description Recorded at or before: a date (through its end, UTC) or a timestamp */
                dateTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_event_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description The event to send a sample of; `invoice.created` when left out
                     * @example invoice.paid
                     * @enum {string}
                     */
                    event?: "payment.succeeded" | "payment.failed" | "payment.refunded" | "payment.refund_failed" | "subscription.created" | "subscription.renewed" | "subscription.canceled" | "subscription.paused" | "subscription.resumed" | "subscription.past_due" | "invoice.created" | "invoice.paid" | "invoice.voided" | "invoice.generation_failed" | "wallet.created" | "wallet.terminated" | "wallet.transaction.created" | "wallet.low_balance" | "wallet.depleted" | "test_clock.ready";
                };
            };
        };
        responses: {
            /** @description The sample event, PENDING until delivered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_url_not_set`: nowhere to send it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, PENDING */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_event_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_url_not_set`: the tenant has no webhook URL, nowhere to send it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTestClocks: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clocks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClockList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTestClockRequest"];
            };
        };
        responses: {
            /** @description The clock */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with existing data or with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_clock_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_clock_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdvanceTestClockRequest"];
            };
        };
        responses: {
            /** @description The clock, ADVANCING */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description `test_clock_not_forward` (not after the clock’s time) or `test_clock_advance_too_far` (more than two years), naming `body.frozenTime`; or `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_clock_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_clock_advancing`: an advance is still running (this one or another) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Case-insensitive substring of name, email or externalId */
                search?: string;
                /** @description ISO 3166-1 alpha-2 code, any case; stored and returned upper case */
                country?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
                /** @description Only the customers of this test clock */
                testClockId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomerRequest"];
            };
        };
        responses: {
            /** @description The new customer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_clock_not_found`: `testClockId` is unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_external_id_taken`: another customer not deleted has this externalId; `test_clock_customer_limit`: the test clock has 100 customers already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_has_active_subscriptions` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCustomerRequest"];
            };
        };
        responses: {
            /** @description The updated customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_external_id_taken`: another customer not deleted has this externalId; `customer_currency_locked`: a new currency while a live subscription or an active wallet bills the customer in its current one */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomerSubscriptions: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerSubscriptionList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomerInvoices: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerInvoiceList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomerPayments: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerPaymentList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only active (true) or inactive (false) plans */
                isActive?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of plans */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePlanRequest"];
            };
        };
        responses: {
            /** @description The plan */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description `validation_failed`: also an amount with too many decimals for its currency */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_code_taken`, or `plan_price_currency_taken` for a currency given twice */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_has_subscriptions` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdatePlanRequest"];
            };
        };
        responses: {
            /** @description The updated plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description `validation_failed`, e.g. `body.code is immutable once the plan exists` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlanPrice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePlanPriceRequest"];
            };
        };
        responses: {
            /** @description The price */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanPrice"];
                };
            };
            /** @description `validation_failed`: unknown currency, negative amount or too many decimals */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_price_currency_taken`, or `plan_usage_only_in_use`: the plan has no price and has subscriptions */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePlanPrice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                priceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted price */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanPrice"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_price_not_found`: unknown, another plan’s or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_price_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePlanPrice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                priceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePlanPriceRequest"];
            };
        };
        responses: {
            /** @description The updated price */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanPrice"];
                };
            };
            /** @description `validation_failed`: negative amount or too many decimals for the price’s currency */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_price_not_found`: unknown, another plan’s or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBillableMetrics: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetricList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBillableMetric: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBillableMetricRequest"];
            };
        };
        responses: {
            /** @description The metric */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetric"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_code_taken` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBillableMetric: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metric */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetric"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBillableMetric: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted metric */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetric"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_in_use`: a charge prices it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateBillableMetric: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBillableMetricRequest"];
            };
        };
        responses: {
            /** @description The updated metric */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetric"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `billable_metric_in_use`: a charge prices a filter value removed, or a PERCENTAGE charge prices the metric made `recurring` (`body.recurring`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCharges: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only this plan’s charges */
                planId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of charges */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChargeList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateChargeRequest"];
            };
        };
        responses: {
            /** @description The charge */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Charge"];
                };
            };
            /** @description `validation_failed` naming the field, or `charge_timing_unsupported` (`body.billingTiming`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found` or `billable_metric_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `charge_exists`: the plan already prices this metric; or `charge_model_unsupported` (`body.chargeModel`): PERCENTAGE on a metric that is not a non-recurring SUM */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlanCharges: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The plan id (`plan_...`) */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the plan’s charges */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChargeList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Charge"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `charge_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Charge"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `charge_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateChargeRequest"];
            };
        };
        responses: {
            /** @description The updated charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Charge"];
                };
            };
            /** @description `validation_failed` naming the field, or `charge_timing_unsupported` (`body.billingTiming`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `charge_not_found`: unknown or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `charge_model_unsupported` (`body.chargeModel`): PERCENTAGE on a metric that is not a non-recurring SUM */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentProviders: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of configurations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProviderList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentProviderRequest"];
            };
        };
        responses: {
            /** @description The configuration */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProvider"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_exists`: this provider is already configured */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProvider"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_not_found`: unknown id, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePaymentProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProvider"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_not_found`: unknown id, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_in_use`: PENDING payments or refunds need it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePaymentProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentProviderRequest"];
            };
        };
        responses: {
            /** @description The configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProvider"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_not_found`: unknown id, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPaymentProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider, its credentials accepted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProviderConnectionTest"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_not_found`: unknown id, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_credentials_unreadable`: ENCRYPTION_KEY changed; send them again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_error`: the provider refused the credentials or could not be reached */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCoupons: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only active (true) or inactive (false) coupons */
                isActive?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of coupons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCouponRequest"];
            };
        };
        responses: {
            /** @description The coupon */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description `validation_failed`, naming the field: terms of the other discount type, no future expiry */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `plan_not_found`: an id in planIds is unknown; `billable_metric_not_found`: one in billableMetricIds */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_code_taken` (codes compare case-insensitively) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateCouponRequest"];
            };
        };
        responses: {
            /** @description The updated coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description `validation_failed`, e.g. `body.percentage is immutable once the coupon exists` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_not_found`, or `plan_not_found` for an id in planIds */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `max_redemptions_below_redemptions` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    applyCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyCouponRequest"];
            };
        };
        responses: {
            /** @description The applied coupon */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppliedCoupon"];
                };
            };
            /** @description `validation_failed`: neither or both of couponCode and couponId */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_not_found` (an unknown couponId) or `customer_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `coupon_not_applicable` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeAppliedCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applied coupon, TERMINATED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppliedCoupon"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `applied_coupon_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `applied_coupon_terminated`: terminated before */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWallets: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                customerId?: string;
                /** @description ACTIVE holds and spends credits; TERMINATED (deleted or expired) holds none */
                status?: "ACTIVE" | "TERMINATED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of wallets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWalletRequest"];
            };
        };
        responses: {
            /** @description The wallet */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description `validation_failed`, naming the field: too many decimals, expiry in the past */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_already_exists`: the customer has an ACTIVE wallet */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    terminateWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The TERMINATED wallet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateWalletRequest"];
            };
        };
        responses: {
            /** @description The wallet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description `validation_failed`: expiry in the past, too many decimals */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_terminated` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWalletTransactions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWalletTransactionsRequest"];
            };
        };
        responses: {
            /** @description The transactions made */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWalletTransactions"];
                };
            };
            /** @description `validation_failed`: no credits given, too many decimals, worth beyond the money maximum */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_wallet_credits`, `wallet_terminated` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransactionList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `wallet_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    applyAddOn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyAddOnRequest"];
            };
        };
        responses: {
            /** @description The applied add-on, PENDING */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppliedAddOn"];
                };
            };
            /** @description `validation_failed` (e.g. too many decimals for the customer’s currency, an unknown currency) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_not_found` or `customer_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_price_missing`: no price in the customer’s currency and no amount; `currency_mismatch`: a currency other than the customer’s */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAppliedAddOns: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only this customer’s */
                customerId?: string;
                /** @description PENDING until an invoice bills it (INVOICED) or it is removed (REMOVED) */
                status?: "PENDING" | "INVOICED" | "REMOVED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of applied add-ons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppliedAddOnList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeAppliedAddOn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applied add-on, REMOVED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppliedAddOn"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `applied_add_on_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `applied_add_on_invoiced` (credit the invoice instead), or `applied_add_on_removed` (twice) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAddOns: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of add-ons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOnList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAddOn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAddOnRequest"];
            };
        };
        responses: {
            /** @description The add-on */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOn"];
                };
            };
            /** @description `validation_failed`: also a currency twice, or an amount with too many decimals for its currency */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_code_taken` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAddOn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The add-on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOn"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAddOn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted add-on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOn"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_in_use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAddOn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateAddOnRequest"];
            };
        };
        responses: {
            /** @description The updated add-on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOn"];
                };
            };
            /** @description `validation_failed`, e.g. `body.code is immutable once the add-on exists` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `add_on_not_found`: unknown, deleted, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description TRIALING (created with a trial), ACTIVE, PAUSED, PAST_DUE, CANCELED */
                status?: "TRIALING" | "ACTIVE" | "PAUSED" | "PAST_DUE" | "CANCELED";
                planId?: string;
                customerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The new subscription */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description `validation_failed`, `start_date_in_future`, `start_date_too_old` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found` or `plan_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_external_id_taken`, or what the stored plan, customer or coupon refuses: `plan_inactive`, `plan_price_not_found`, `currency_mismatch`, `coupon_invalid`; for a customer on a test clock, `test_clock_advancing` (wait until READY) or `test_clock_subscription_limit` (3 per customer) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionDetail"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The updated subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription as stored after the change, with the credit notes it issued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionCancellation"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (or `plan_unchanged` for change-plan) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription as stored after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (or `plan_unchanged` for change-plan) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription as stored after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (or `plan_unchanged` for change-plan) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeSubscriptionPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeSubscriptionPlanRequest"];
            };
        };
        responses: {
            /** @description The subscription as stored after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`, `plan_unchanged`, `plan_inactive`, or `plan_price_not_found` (none in its currency) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrySubscriptionBilling: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Retry requested: the subscription as it was asked, `billingError` still set */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `no_billing_error` (no invoice waits for a retry), or `invalid_state_transition` (the subscription has ended) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubscriptionUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage so far */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionUsage"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `no_open_period`: the subscription is PAUSED or CANCELED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUsageEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUsageEventRequest"];
            };
        };
        responses: {
            /** @description An identical replay: the event stored before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEvent"];
                };
            };
            /** @description The stored event */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEvent"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: no subscription of yours has that id or externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `event_transaction_id_taken` (a transactionId stored with another payload) or `event_period_closed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUsageEventBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUsageEventBatchRequest"];
            };
        };
        responses: {
            /** @description Every event was an identical replay */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEventBatchResult"];
                };
            };
            /** @description Stored; one entry per event in input order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEventBatchResult"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `event_transaction_id_taken` (a transactionId stored with another payload) or `event_period_closed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubscriptionUsageEvents: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only events of this metric code */
                code?: string;
                /** @description Timestamp at or after: a date (its midnight UTC) or a timestamp */
                from?: string;
                /** @description Timestamp at or before: a date (through its end, UTC) or a timestamp */
                to?: string;
            };
            header?: never;
            path: {
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEventList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `subscription_not_found`: unknown or another tenant's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsageEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageEvent"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `event_not_found`: unknown or another tenant's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreditNotes: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description Only this customer’s credit notes */
                customerId?: string;
                /** @description Only credit notes of this invoice */
                invoiceId?: string;
                /** @description DRAFT (editable, counts against the cap), FINALIZED (numbered, in effect), VOIDED */
                status?: "DRAFT" | "FINALIZED" | "VOIDED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNoteList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCreditNoteRequest"];
            };
        };
        responses: {
            /** @description The DRAFT credit note */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description `validation_failed`: neither or both of amount and items, too many decimals, 0 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (invoice not OPEN or PAID), `credit_exceeds_invoice_total` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `credit_note_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateCreditNoteRequest"];
            };
        };
        responses: {
            /** @description The updated credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description `validation_failed`: both amount and items, too many decimals, 0 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `credit_note_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (not a DRAFT), `credit_exceeds_invoice_total` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finalizeCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The FINALIZED credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `credit_note_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`: not a DRAFT, or its invoice is no longer OPEN or PAID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    voidCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The VOIDED credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `credit_note_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (not FINALIZED, or its invoice was paid since), `credit_already_consumed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadCreditNotePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit-note PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `credit_note_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                /** @description DRAFT → finalize → OPEN → mark-paid → PAID; DRAFT or OPEN → void → VOIDED; OPEN → dunning → UNCOLLECTIBLE (still payable: mark-paid, checkout, void) */
                status?: "DRAFT" | "OPEN" | "PAID" | "VOIDED" | "UNCOLLECTIBLE";
                customerId?: string;
                subscriptionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvoiceRequest"];
            };
        };
        responses: {
            /** @description The DRAFT invoice */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description `validation_failed`, naming the field: unitAmount decimals, quantity, currency, dueDate */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`, or `subscription_not_found` (not the customer’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with existing data or with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finalizeInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`: the invoice is not in a status the action applies to */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    voidInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`: the invoice is not in a status the action applies to */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markInvoicePaid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`: the invoice is not in a status the action applies to */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendInvoiceEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SendInvoiceEmailRequest"];
            };
        };
        responses: {
            /** @description The invoice, sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description `validation_failed`: `to` is not an e-mail address, or the customer has none */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition`: a DRAFT or VOIDED invoice is not sent; `smtp_not_configured`: `to` names another address than the customer’s and the tenant has no SMTP settings of its own */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `platform_mail_limit_reached`: the tenant’s invoice e-mails through the platform’s mail server for the UTC day are spent; `retryAfter` (and `Retry-After`) give the seconds until the next UTC day */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_failed`: the mail server refused the message (its answer is in the message) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkoutInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckoutRequest"];
            };
        };
        responses: {
            /** @description The invoice’s unexpired PENDING payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description A new PENDING payment with its checkoutUrl and expiresAt */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `validation_failed`, naming the field (phoneNumber is required for M-Pesa) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invoice_not_found` (unknown, or another tenant’s) or `payment_provider_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `no_payment_provider`, `provider_currency_unsupported`, or `invalid_state_transition` (DRAFT, PAID, VOIDED, or nothing due) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_error`: the provider refused the checkout or could not be reached (the payment is FAILED) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
                status?: "PENDING" | "SUCCEEDED" | "FAILED" | "REFUNDED" | "PARTIALLY_REFUNDED";
                /** @description MANUAL for invoices marked paid outside the platform */
                provider?: "STRIPE" | "PAYSTACK" | "FLUTTERWAVE" | "MPESA" | "SANDBOX" | "MANUAL";
                customerId?: string;
                invoiceId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RefundPaymentRequest"];
            };
        };
        responses: {
            /** @description The refund: SUCCEEDED, PENDING or FAILED */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description `validation_failed`: amount 0 or with more decimals than the currency, reason too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_state_transition` (payment not SUCCEEDED or PARTIALLY_REFUNDED), `refund_exceeds_payment`, `payment_provider_not_configured` (the configuration that took it was deleted) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_error`: no adapter can refund through this provider */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paySandboxPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox checkout, completed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxPaymentAction"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_a_sandbox_payment` (another provider’s), `sandbox_checkout_closed` (already paid, declined or expired, or no checkout), `sandbox_disabled` (the platform has turned the SANDBOX provider off) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    declineSandboxPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox checkout, completed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxPaymentAction"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found`: unknown, or another tenant’s */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_a_sandbox_payment` (another provider’s), `sandbox_checkout_closed` (already paid, declined or expired, or no checkout), `sandbox_disabled` (the platform has turned the SANDBOX provider off) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRevenueAnalytics: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueAnalytics"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubscriptionAnalytics: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionAnalytics"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerAnalytics: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerAnalytics"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentAnalytics: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentAnalytics"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMrrBreakdown: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MrrBreakdown"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNetRevenue: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetRevenue"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLifetimeValue: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LifetimeValue"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChurnCohorts: {
        parameters: {
            query?: {
                /** @description First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo */
                dateFrom?: string;
                /** @description Last day of the range (UTC, through its end), or an exact instant; default: today */
                dateTo?: string;
                /** @description ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case */
                currency?: string;
                /** @description How many months of retention each cohort shows (month 0 is its first) */
                months?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cohorts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChurnCohorts"];
                };
            };
            /** @description `validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than 3653 days before dateTo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalBilling: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalBilling"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: no live customer of yours has this externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalSubscriptions: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSubscriptionList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: no live customer of yours has this externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalInvoices: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices, DRAFTs left out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalInvoiceList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: no live customer of yours has this externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalPayments: {
        parameters: {
            query?: {
                /** @description Page number, starting at 1 */
                page?: number;
                /** @description Page size */
                limit?: number;
            };
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments with their refunds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalPaymentList"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: no live customer of yours has this externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkoutPortalInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                externalId: string;
                invoiceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckoutRequest"];
            };
        };
        responses: {
            /** @description The invoice’s unexpired PENDING payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description A new PENDING payment with its checkoutUrl and expiresAt */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `validation_failed`, naming the field (phoneNumber is required for M-Pesa) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`, `invoice_not_found` (unknown, a DRAFT, or another customer’s) or `payment_provider_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `no_payment_provider`, `provider_currency_unsupported`, or `invalid_state_transition` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_provider_error`: the provider refused the checkout or could not be reached (the payment is FAILED) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 `idempotency_request_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreatePortalSessionRequest"];
            };
        };
        responses: {
            /** @description The link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSession"];
                };
            };
            /** @description `validation_failed`: returnUrl not http(s), malformed locale */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, expired or revoked credentials, or the wrong kind of credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `customer_not_found`: no live customer of yours has this externalId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with existing data or with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used for another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveStripeNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Taken (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReceived"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_signature`: not signed with the payment's provider secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable`: not taken, nothing stored; the provider retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receivePaystackNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Taken (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReceived"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_signature`: not signed with the payment's provider secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable`: not taken, nothing stored; the provider retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveFlutterwaveNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Taken (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReceived"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_signature`: not signed with the payment's provider secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable`: not taken, nothing stored; the provider retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveMpesaNotification: {
        parameters: {
            query?: {
                /** @description Our payment reference (the payment id) */
                reference?: string;
                /** @description The payment's secret callback token (M-Pesa signs nothing) */
                token?: string;
                /** @description Our refund id, on a reversal result callback */
                refund?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Taken (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReceived"];
                };
            };
            /** @description `notification_body_missing`: no body; `validation_failed`: `reference`, `token` or `refund` given twice, longer than its limit or with a NUL character (other query parameters are ignored) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_signature`: not signed with the payment's provider secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable`: not taken, nothing stored; the provider retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveSandboxNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Taken (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReceived"];
                };
            };
            /** @description Validation failed; `details` names each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_signature`: not signed with the payment's provider secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error (details are logged with the request id, never returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `temporal_unavailable`: not taken, nothing stored; the provider retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
