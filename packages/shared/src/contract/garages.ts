// Contract for the garages service's calls: filled by the issue that brings the service.
export {};
