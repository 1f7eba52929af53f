/** The shop keeper's reports: income, customers, shop data, recommendations (read-only calls). */
export const DistributionReportContracts = {};
