package io.streamscope.checkpoint.state;

import java.util.ArrayList;
import java.util.List;

/**
 * A list state's value ({@code MultiValuedStateEncoder}): its elements, each {@code [int32 LE length][element]},
 * joined by RocksDB's string-append delimiter {@code ','}; each element is a value as {@code element} reads it.
 * Decodes to the list of the elements' rows.
 */
final class ListValueFormat implements RowFormat {

    private static final byte DELIMITER = ',';

    private final RowFormat element;
    private final int elementHeader;

    /** @param elementHeader bytes before each element's row: the version byte, and with Avro a schema id */
    ListValueFormat(RowFormat element, int elementHeader) {
        this.element = element;
        this.elementHeader = elementHeader;
    }

    /**
     * The elements of a stored list value, each as its own one-element list value ({@code [int32 LE length][element]}),
     * which this format decodes to a list of that one element. Lengths are checked before anything is copied.
     */
    static List<byte[]> split(byte[] bytes) throws RowFormatException {
        List<byte[]> elements = new ArrayList<>();
        int position = 0;
        while (position < bytes.length) {
            if (position + 4 > bytes.length) {
                throw new RowFormatException(position, "a list element's length is cut off");
            }
            int length = UnsafeRowDecoder.intAt(bytes, position);
            if (length < 0 || length > bytes.length - position - 4) {
                throw new RowFormatException(position, "list element " + elements.size() + " claims " + length
                        + " of " + (bytes.length - position - 4) + " bytes");
            }
            elements.add(java.util.Arrays.copyOfRange(bytes, position, position + 4 + length));
            position += 4 + length;
            if (position < bytes.length && bytes[position] == DELIMITER) {
                position++;
            }
        }
        return elements;
    }

    @Override
    public Object decode(byte[] bytes, int from, int size) throws RowFormatException {
        int end = from + size;
        List<Object> elements = new ArrayList<>();
        int position = from;
        while (position < end) {
            if (position + 4 > end) {
                throw new RowFormatException(position - from, "a list element's length is cut off");
            }
            int length = UnsafeRowDecoder.intAt(bytes, position);
            int elementFrom = position + 4;
            if (length < elementHeader || length > end - elementFrom) {
                throw new RowFormatException(position - from, "list element " + elements.size() + " claims " + length
                        + " of " + (end - elementFrom) + " bytes");
            }
            try {
                byte[] copy = java.util.Arrays.copyOfRange(bytes, elementFrom + elementHeader, elementFrom + length);
                elements.add(element.decode(copy, 0, copy.length));
            } catch (RowFormatException e) {
                throw new RowFormatException(elementFrom - from + elementHeader + e.offset(), "list element "
                        + elements.size() + ": " + e.getMessage());
            }
            position = elementFrom + length;
            if (position < end && bytes[position] == DELIMITER) {
                position++;
            }
        }
        return elements;
    }
}
