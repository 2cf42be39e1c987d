/** A request body of `total` bytes, made as it is pulled, that counts what the server pulls of it (body-limit tests). */
export function countedBody(total: number, chunkBytes = 64 * 1024) {
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, state };
}
