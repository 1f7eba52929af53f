/** Sharing's endpoint contracts (commerce §7 "Sharing"). */
export const SharingContracts = {};
