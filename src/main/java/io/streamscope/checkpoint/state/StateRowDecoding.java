package io.streamscope.checkpoint.state;

/**
 * Decodes a store's stored bytes into rows, after a {@link StateReader#markedRows} pass: the window keeps a million
 * rows as bytes and decodes the ones on screen. One thread at a time; each call returns a row of its own.
 */
public final class StateRowDecoding {

    private final StateRowDecoder decoder;

    StateRowDecoding(StateRowDecoder decoder) {
        this.decoder = decoder;
    }

    /** The row of {@code key} with {@code value} (null for none). */
    public StateRow decode(int partition, byte[] key, byte[] value) {
        return decoder.decode(partition, key, value);
    }

    /** Whether {@code key} is a key of a list state: its value splits into elements ({@link ListElements}). */
    public boolean isListState(int partition, byte[] key) {
        return decoder.isListState(partition, key);
    }
}
