package io.streamscope.ui.state;

import javafx.collections.ObservableListBase;

import java.util.Collections;

/**
 * The state table's items: a read-only list over a {@link StateTableModel} that materialises a row only when the
 * table asks for it (the rows on screen), so a million-row store is a list of a million without a million objects.
 * FX thread only.
 */
final class StateTableRows extends ObservableListBase<StateRowView> {

    private StateTableModel model;
    private int size;

    @Override
    public StateRowView get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return model.view(index);
    }

    @Override
    public int size() {
        return size;
    }

    StateTableModel model() {
        return model;
    }

    /** Shows {@code shown} (or nothing): every row replaced. */
    void show(StateTableModel shown) {
        int before = size;
        model = shown;
        size = shown == null ? 0 : shown.size();
        beginChange();
        if (before > 0) {
            nextRemove(0, Collections.nCopies(before, null));
        }
        if (size > 0) {
            nextAdd(0, size);
        }
        endChange();
    }

    /** The model has more rows than shown (more have streamed in): they are added at the end. */
    void grown() {
        int now = model == null ? 0 : model.size();
        if (now > size) {
            int before = size;
            size = now;
            beginChange();
            nextAdd(before, now);
            endChange();
        }
    }
}
