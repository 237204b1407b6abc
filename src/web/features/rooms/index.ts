/** Rooms administration: .../locations/{locationId}/rooms (with QR dialog), /new and /{roomId}/edit (admin). */
export { RoomsListPage } from './RoomsListPage.js';
export { RoomEditorPage } from './RoomEditorPage.js';
export { RoomForm, type ApproverGuards } from './RoomForm.js';
export { ROOMS_BY_APPROVER_KEY, roomsByApprover, roomInfo, roomKey } from './roomsApi.js';
export { roomTypeLabel } from './roomForm.js';
