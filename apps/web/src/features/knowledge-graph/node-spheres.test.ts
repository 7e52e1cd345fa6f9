import { Color, Matrix4, PerspectiveCamera, Quaternion, Raycaster, Vector2, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { createNodeSpheres, sphereRadius } from './node-spheres.ts';

const STYLES = [
  { volume: 1, colour: '#38bdf8' },
  { volume: 8, colour: '#fbbf24' },
];

describe('createNodeSpheres', () => {
  it('gives each node the radius 3d-force-graph gives its default sphere', () => {
    expect(sphereRadius(1)).toBe(4);
    expect(sphereRadius(8)).toBe(8);
    expect(sphereRadius(0)).toBe(4);
  });

  it('draws nothing before the first tick, then one instance per node where the layout put it', () => {
    const nodes = [
      { x: 10, y: 20, z: 30 },
      { x: -5, y: 0, z: 0 },
    ];
    const spheres = createNodeSpheres(nodes, (index) => STYLES[index]!);
    expect(spheres.mesh.count).toBe(0);

    spheres.update();
    expect(spheres.mesh.count).toBe(2);
    const matrix = new Matrix4();
    const position = new Vector3();
    const scale = new Vector3();
    spheres.mesh.getMatrixAt(1, matrix);
    matrix.decompose(position, new Quaternion(), scale);
    expect(position.toArray()).toEqual([-5, 0, 0]);
    expect(scale.x).toBeCloseTo(8);
    const colour = new Color();
    spheres.mesh.getColorAt(1, colour);
    expect(colour.getHexString()).toBe('fbbf24');
    spheres.dispose();
  });

  it('finds the node under a ray, after the layout has moved it', () => {
    const nodes = [
      { x: 0, y: 0, z: 0 },
      { x: 100, y: 0, z: 0 },
    ];
    const spheres = createNodeSpheres(nodes, (index) => STYLES[index]!);
    spheres.update();
    const camera = new PerspectiveCamera(40, 1, 1, 10_000);
    camera.position.set(100, 0, 500);
    camera.lookAt(100, 0, 0);
    camera.updateMatrixWorld();
    const raycaster = new Raycaster();
    raycaster.setFromCamera(new Vector2(0, 0), camera);
    expect(spheres.nodeIndexAt(raycaster)).toBe(1);

    nodes[1]!.x = 300;
    spheres.update();
    expect(spheres.nodeIndexAt(raycaster)).toBeUndefined();
    spheres.dispose();
  });
});
