package io.streamscope.checkpoint.state.sst;

/** Where a block lies in the file: its contents' offset and size, not counting the 5-byte trailer. */
record BlockHandle(long offset, long size) {

    static final BlockHandle NULL = new BlockHandle(0, 0);

    boolean isNull() {
        return offset == 0 && size == 0;
    }

    /** The first byte after this block's trailer. */
    long end() {
        return offset + size + SstFile.BLOCK_TRAILER_SIZE;
    }

    @Override
    public String toString() {
        return "block at byte " + offset + " (" + size + " bytes)";
    }
}
