import { customerSubscriptions, planSubscriptions } from '../services/billing/subscriptions';
import { metricCharges } from '../services/catalog/charges';

/**
 * The ports of the service areas, filled where the API is wired. A module never imports a later area (nor one that
 * imports it): what it must ask of one (does a customer have a live subscription?) is an interface it declares and
 * takes as an argument; the module that owns the answer implements it, and the API hands that implementation in
 * here. The implementations hold no state.
 */
export const servicePorts = {
  /** Customers ask billing whether a customer's subscriptions keep it from being deleted. */
  customerSubscriptions,
  /** Plans ask billing whether a plan or one of its prices is in use. */
  planSubscriptions,
  /** Billable metrics ask their charges which filter values they price. */
  metricCharges,
};
