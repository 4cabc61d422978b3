package io.streamscope.checkpoint.state;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A list state's row split into elements, on list values laid out as Spark's MultiValuedStateEncoder writes them. */
class ListElementsTest {

    /** {@code [int32 LE length][element]} joined by ',' (RocksDB's string-append merge). */
    private static byte[] list(String... elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            byte[] bytes = elements[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            out.write(bytes.length);
            out.write(0);
            out.write(0);
            out.write(0);
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    private static List<String> split(ChangeMark mark, byte[] value, byte[] old) {
        List<String> out = new ArrayList<>();
        List<StateRecord> records = List.of(new StateRecord(new byte[]{1}, value, StateRecord.Kind.PUT));
        ListElements.split(new MarkedRecord(3, mark, new byte[]{1}, value, old, records), (element, index) -> out.add(
                index + " " + new String(element.value(), 4, element.value().length - 4, java.nio.charset.StandardCharsets.US_ASCII)
                        + " " + element.mark().label() + (element.records().isEmpty() ? "" : " (records)")));
        return out;
    }

    @Test
    void aPutThatReplacesTheListKeepsTheElementsItKept() {
        assertEquals(List.of("0 b  (records)", "1 c added", "0 a deleted"),
                split(ChangeMark.UPDATED, list("b", "c"), list("a", "b")));
    }

    @Test
    void theSameListPutAgainIsAnUpdateOfEachElement() {
        assertEquals(List.of("0 a updated (records)", "1 b updated"), split(ChangeMark.UPDATED, list("a", "b"), list("a", "b")));
    }

    @Test
    void anAppendMarksOnlyTheElementsAfterTheOldOnes() {
        assertEquals(List.of("0 a  (records)", "1 b appended", "2 c appended"),
                split(ChangeMark.APPENDED, list("a", "b", "c"), list("a")));
    }

    @Test
    void aDeletedListShowsEachLastElementDeleted() {
        assertEquals(List.of("0 a deleted (records)", "1 b deleted"), split(ChangeMark.DELETED, list("a", "b"), null));
    }

    @Test
    void bytesThatAreNoListGoOutWhole() {
        List<Integer> indexes = new ArrayList<>();
        byte[] cut = {9, 0, 0, 0, 'x'};
        ListElements.split(new MarkedRecord(0, ChangeMark.ADDED, new byte[]{1}, cut, null, List.of()),
                (element, index) -> indexes.add(index));
        assertEquals(List.of(-1), indexes, "a length past the end: one row, index -1, for the decoding to report");
    }
}
