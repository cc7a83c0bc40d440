// The Socket.IO client library, in a module of its own so that the build puts it in its own
// chunk: lib/socket.ts imports it only once someone has signed in, and a visitor's first
// page never downloads it.
export { io } from 'socket.io-client';
