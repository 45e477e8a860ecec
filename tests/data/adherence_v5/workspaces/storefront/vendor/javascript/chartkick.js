/* chartkick@5.0.1 pinned by importmap */
export default Chartkick;
