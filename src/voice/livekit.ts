/** livekit-client, the parts the room uses, in a chunk of its own (about 150 KB gzip), loaded for a real provider's room only. */
export { Room, RoomEvent } from 'livekit-client';
