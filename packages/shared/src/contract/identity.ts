// Contract for the identity service's calls: filled by the issue that brings the service.
export {};
