/**
 * What the Worker tells a room about an upgrade it hands over (functions/live/door.ts and
 * publisher.ts set them, replacing whatever the client sent under these names): who asks (the
 * session or device), the counted client address (empty for none: loopback is a developer's
 * machine) and the lease of that address's slot the socket holds (decision 150).
 */
export const LIVE_WHO = "x-live-who";
export const LIVE_ADDRESS = "x-live-address";
export const LIVE_LEASE = "x-live-lease";
