package io.streamscope.ui.state;

import javafx.css.PseudoClass;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

import java.util.function.IntConsumer;

/**
 * Rows per partition as bars, for spotting skew; a click on a bar chooses its partition. Plain regions in a region
 * (a bar {@code #statePartitionBar<N>}, style class {@code state-partition-bar}, {@code :chosen} when shown alone),
 * one tooltip shared by all: hundreds of partitions cost hundreds of small nodes, and while rows stream in only the
 * bars' heights change.
 */
public final class PartitionChart extends Region {

    private static final PseudoClass CHOSEN = PseudoClass.getPseudoClass("chosen");

    /** Made when the pointer first comes over a bar (a tooltip is a pop-up window with a scene of its own). */
    private Tooltip tip;
    private long[] counts = new long[0];
    private int chosen = -1;
    private IntConsumer onChoose = partition -> { };

    public PartitionChart() {
        getStyleClass().add("state-partition-chart");
        setMinHeight(40);
        setPrefHeight(70);
    }

    public void setOnChoose(IntConsumer handler) {
        onChoose = handler;
    }

    public void setCounts(long[] rows) {
        if (rows.length != counts.length) {
            getChildren().clear();
            for (int partition = 0; partition < rows.length; partition++) {
                Region bar = new Region();
                bar.getStyleClass().add("state-partition-bar");
                bar.setId("statePartitionBar" + partition);
                int which = partition;
                bar.setOnMouseEntered(event -> tip().setText(String.format("Partition %d: %,d rows", which, counts[which])));
                bar.setOnMouseClicked(event -> onChoose.accept(which));
                getChildren().add(bar);
            }
        }
        counts = rows.clone();
        setChosen(chosen);
        requestLayout();
    }

    private Tooltip tip() {
        if (tip == null) {
            tip = new Tooltip();
            Tooltip.install(this, tip);
        }
        return tip;
    }

    /** The partition shown alone (its bar marked), or -1. */
    public void setChosen(int partition) {
        chosen = partition;
        for (int i = 0; i < getChildren().size(); i++) {
            getChildren().get(i).pseudoClassStateChanged(CHOSEN, i == partition);
        }
    }

    public long count(int partition) {
        return counts[partition];
    }

    @Override
    protected void layoutChildren() {
        int n = getChildren().size();
        if (n == 0) {
            return;
        }
        double left = snappedLeftInset();
        double top = snappedTopInset();
        double width = getWidth() - left - snappedRightInset();
        double height = getHeight() - top - snappedBottomInset();
        long most = 1;
        for (long count : counts) {
            most = Math.max(most, count);
        }
        double step = width / n;
        double gap = step > 4 ? 1 : 0;
        for (int i = 0; i < n; i++) {
            double barHeight = counts[i] == 0 ? 0 : Math.max(1, height * counts[i] / most);
            getChildren().get(i).resizeRelocate(left + i * step, top + height - barHeight, Math.max(1, step - gap), barHeight);
        }
    }
}
