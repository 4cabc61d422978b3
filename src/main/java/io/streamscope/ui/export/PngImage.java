package io.streamscope.ui.export;

import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The pixels of a snapshot, copied on the FX thread and encoded as PNG anywhere (ImageIO, no javafx-swing).
 *
 * @param argb the pixels, row after row, as 0xAARRGGBB
 */
public record PngImage(int width, int height, int[] argb) {

    /** Copies the pixels of {@code image}. Call on the FX thread, where the image was taken. */
    public static PngImage of(Image image) {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] pixels = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), pixels, 0, width);
        return new PngImage(width, height, pixels);
    }

    public void write(OutputStream out) throws IOException {
        BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        png.setRGB(0, 0, width, height, argb, 0, width);
        if (!ImageIO.write(png, "png", out)) {
            throw new IOException("this Java has no PNG writer");
        }
    }

    /** How many different colours: a blank snapshot has one or two. */
    public long distinctColours() {
        return java.util.Arrays.stream(argb).distinct().count();
    }
}
