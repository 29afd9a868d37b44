/**
 * The protocol's version (semver), which the published client package (`@nardi/client`, docs/client.md) carries as
 * its own. The major is the WebSocket subprotocol's (`nardi.v2`: SOCKET_PROTOCOL); the minor grows when a field,
 * route, frame or error code is added (old clients keep working); the patch for fixes that change no shape.
 */
export const PROTOCOL_VERSION = "2.23.0";
