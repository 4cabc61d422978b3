package io.streamscope.ui.export;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A table as text: headers and rows, written as CSV (RFC 4180: commas, fields with a comma, quote or line break
 * quoted, quotes doubled). Pure.
 */
public record CsvTable(List<String> headers, List<List<String>> rows) {

    public CsvTable {
        headers = List.copyOf(headers);
        rows = rows.stream().map(row -> row.stream().map(cell -> cell == null ? "" : cell).toList()).toList();
    }

    public void write(Writer out) throws IOException {
        line(out, headers);
        for (List<String> row : rows) {
            line(out, row);
        }
    }

    public String toCsv() {
        StringBuilder text = new StringBuilder();
        try (java.io.StringWriter out = new java.io.StringWriter()) {
            write(out);
            text.append(out);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return text.toString();
    }

    private static void line(Writer out, List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(field(cells.get(i)));
        }
        out.write("\r\n");
    }

    static String field(String cell) {
        boolean quote = cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0
                || cell.indexOf('\r') >= 0 || (!cell.isEmpty() && (cell.charAt(0) == ' ' || cell.charAt(cell.length() - 1) == ' '));
        return quote ? '"' + cell.replace("\"", "\"\"") + '"' : cell;
    }
}
