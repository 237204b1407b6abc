/** Update Room Details for room approvers: /menu/settings/updateroomdetails and .../{roomId}/edit. */
export { ApproverRoomsPage } from './ApproverRoomsPage.js';
export { ApproverRoomEditPage } from './ApproverRoomEditPage.js';
