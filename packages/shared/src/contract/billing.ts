// Contract for the billing service's calls: filled by the issue that brings the service.
export {};
